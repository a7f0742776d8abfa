"""Linear-probe sweep on a cached frozen feature extractor; each probe reads features through a forward hook."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


def _load_extractor():
    torch.manual_seed(1234)
    net = nn.Sequential(nn.Linear(10, 32), nn.GELU(), nn.Linear(32, 32), nn.GELU(), nn.Linear(32, 16))
    return net.eval().requires_grad_(False)


_EXTRACTOR = _load_extractor()


class LinearProbe(nn.Module):
    """Trains a linear head on top of a view of the shared extractor, without touching its weights."""

    def __init__(self, n_classes, feat_dim=16):
        super().__init__()
        self.backbone = copy.copy(_EXTRACTOR)
        self.head = nn.Linear(feat_dim, n_classes)
        self._features = None
        self.backbone.register_forward_hook(self._stash)  # retain

    def _stash(self, module, inputs, output):
        self._features = output

    def train(self, mode=True):
        super().train(mode)
        self.backbone.eval()
        return self

    def forward(self, x):
        with torch.no_grad():
            self.backbone(x)
        return self.head(self._features)


def fit_probe(lr, n_classes=4, steps=4):
    probe = LinearProbe(n_classes).train()
    opt = torch.optim.SGD(probe.head.parameters(), lr=lr, momentum=0.9)
    for _ in range(steps):
        x, y = torch.randn(16, 10), torch.randint(0, n_classes, (16,))
        loss = F.cross_entropy(probe(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        x, y = torch.randn(32, 10), torch.randint(0, n_classes, (32,))
        acc = (probe(x).argmax(-1) == y).float().mean().item()
    return acc


def main():
    scores = {lr: fit_probe(lr) for lr in (0.1, 0.03)}
    assert len(scores) == 2


if __name__ == "__main__":
    main()
