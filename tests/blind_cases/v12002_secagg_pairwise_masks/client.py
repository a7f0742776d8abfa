"""Simulated FedAvg client that uploads a masked, example-weighted update."""
import copy

import torch
import torch.nn.functional as F
from torch.nn.utils import parameters_to_vector


class SecAggClient:
    def __init__(self, cid, data, global_model, lr):
        self.cid = cid
        self.x, self.y = data
        self.model = copy.deepcopy(global_model)
        self.opt = torch.optim.SGD(self.model.parameters(), lr=lr, momentum=0.9)
        self.masks = {}  # cycle
        self.num_examples = len(self.x)

    def local_train(self, epochs, batch_size):
        self.model.train()
        for _ in range(epochs):
            perm = torch.randperm(self.num_examples)
            for start in range(0, self.num_examples, batch_size):
                idx = perm[start:start + batch_size]
                loss = F.cross_entropy(self.model(self.x[idx]), self.y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
        return loss.item()

    def masked_update(self, global_vec):
        with torch.no_grad():
            local_vec = parameters_to_vector(self.model.parameters())
            update = (local_vec - global_vec) * self.num_examples
            for _, mask in sorted(self.masks.items()):
                update += mask.sign_for(self) * mask.vector(update.numel())
        return update
