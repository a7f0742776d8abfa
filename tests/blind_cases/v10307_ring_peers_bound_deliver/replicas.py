"""Data-parallel replicas that exchange flattened gradients."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Replica:
    def __init__(self, rank, seed, lr):
        torch.manual_seed(seed)
        self.rank = rank
        self.model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=lr, momentum=0.9)
        self.gen = torch.Generator().manual_seed(1000 + rank)

    def local_gradients(self):
        x = torch.randn(12, 16, generator=self.gen)
        y = x[:, :4].argmax(dim=1)
        loss = F.cross_entropy(self.model(x), y)
        self.optimizer.zero_grad()
        loss.backward()
        return torch.cat([p.grad.reshape(-1) for p in self.model.parameters()]), loss.item()

    def apply(self, flat):
        offset = 0
        for p in self.model.parameters():
            n = p.numel()
            p.grad.copy_(flat[offset:offset + n].view_as(p))
            offset += n
        self.optimizer.step()
