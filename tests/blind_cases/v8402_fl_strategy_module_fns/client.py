"""Simulated client holding a private shard; trains a fresh local copy each round."""
import torch
import torch.nn as nn


def make_model(in_dim, n_classes):
    return nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU(), nn.Linear(32, n_classes))


class SimClient:
    def __init__(self, cid, x, y, in_dim, n_classes):
        self.cid = cid
        self.x, self.y = x, y
        self.in_dim, self.n_classes = in_dim, n_classes

    def fit(self, global_state, config):
        model = make_model(self.in_dim, self.n_classes)
        model.load_state_dict(global_state)
        opt = torch.optim.SGD(model.parameters(), lr=config["lr"], momentum=0.9)
        bs = config["batch_size"]
        for _ in range(config["local_epochs"]):
            for i in range(0, len(self.x), bs):
                loss = nn.functional.cross_entropy(model(self.x[i:i + bs]), self.y[i:i + bs])
                opt.zero_grad()
                loss.backward()
                opt.step()
        return model.state_dict(), len(self.x)
