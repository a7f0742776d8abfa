"""Barlow Twins model and trainer; LARS skips biases and norm layers."""
import torch
import torch.nn as nn

from lars import LARS


def off_diagonal(x):
    n, m = x.shape
    return x.flatten()[:-1].view(n - 1, n + 1)[:, 1:].flatten()


class BarlowTwins(nn.Module):
    def __init__(self, backbone, feat_dim, sizes, lambd):
        super().__init__()
        self.backbone = backbone
        layers = []
        dims = [feat_dim] + list(sizes)
        for i in range(len(dims) - 2):
            layers += [nn.Linear(dims[i], dims[i + 1], bias=False), nn.BatchNorm1d(dims[i + 1]), nn.ReLU()]
        layers.append(nn.Linear(dims[-2], dims[-1], bias=False))
        self.projector = nn.Sequential(*layers)
        self.bn = nn.BatchNorm1d(dims[-1], affine=False)
        self.lambd = lambd

    def forward(self, y1, y2):
        z1 = self.projector(self.backbone(y1))
        z2 = self.projector(self.backbone(y2))
        c = self.bn(z1).T @ self.bn(z2) / y1.shape[0]
        on_diag = torch.diagonal(c).add_(-1).pow_(2).sum()
        off_diag = off_diagonal(c).pow_(2).sum()
        return on_diag + self.lambd * off_diag


class PretrainRun:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        excluded = frozenset(id(p) for m in model.modules() for n, p in m.named_parameters(recurse=False)
                             if n == "bias" or isinstance(m, nn.modules.batchnorm._BatchNorm))
        is_excluded = lambda p: id(p) in excluded
        self.optimizer = LARS(model.parameters(), lr=cfg["base_lr"] * cfg["batch_size"] / 256,
                              weight_decay=cfg["weight_decay"],
                              weight_decay_filter=is_excluded,
                              lars_adaptation_filter=is_excluded)
        self.history = []

    def fit(self, data, epochs, augment):
        self.model.train()
        for epoch in range(epochs):
            total = 0.0
            for batch in data.split(self.cfg["batch_size"]):
                loss = self.model(augment(batch), augment(batch))
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                total += loss.item()
            self.history.append(total)
        return self.history
