"""Linear probing: a frozen convolutional backbone whose BatchNorm statistics stay fixed."""
import functools
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F

_NORM_TYPES = (nn.BatchNorm1d, nn.BatchNorm2d, nn.SyncBatchNorm)


def _train_locked(module, mode=True):
    """Stand-in for Module.train() on frozen norm layers: the layer always stays in eval mode."""
    return nn.Module.train(module, False)


def freeze_(module, lock_norm_stats=True):
    """Freeze all parameters; optionally pin norm layers to eval mode across model.train() calls."""
    for p in module.parameters():
        p.requires_grad_(False)
    if lock_norm_stats:
        for m in module.modules():
            if isinstance(m, _NORM_TYPES):
                m.train = functools.partial(_train_locked, m)  # cycle
                m.eval()
    return module


@dataclass
class ProbeConfig:
    widths: list = field(default_factory=lambda: [3, 8, 16])
    num_classes: int = 4
    epochs: int = 2
    batches_per_epoch: int = 3
    lr: float = 0.1


def build_backbone(widths):
    layers = []
    for c_in, c_out in zip(widths[:-1], widths[1:]):
        layers += [nn.Conv2d(c_in, c_out, 3, padding=1), nn.BatchNorm2d(c_out), nn.ReLU(), nn.MaxPool2d(2)]
    return nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten())


class LinearProbe(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.backbone = freeze_(build_backbone(cfg.widths))
        self.head = nn.Linear(cfg.widths[-1], cfg.num_classes)

    def forward(self, x):
        return self.head(self.backbone(x))


def evaluate(model, batches=2):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for _ in range(batches):
            x, y = torch.randn(8, 3, 16, 16), torch.randint(0, 4, (8,))
            correct += int((model(x).argmax(-1) == y).sum())
            total += len(y)
    return correct / total


def run_probe(cfg):
    model = LinearProbe(cfg)
    opt = torch.optim.SGD(model.head.parameters(), lr=cfg.lr, momentum=0.9)
    for epoch in range(cfg.epochs):
        model.train()
        assert not model.backbone[1].training
        for _ in range(cfg.batches_per_epoch):
            x, y = torch.randn(8, 3, 16, 16), torch.randint(0, cfg.num_classes, (8,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return evaluate(model)


def main():
    for widths in ([3, 8, 16], [3, 16, 32]):
        run_probe(ProbeConfig(widths=widths))


if __name__ == "__main__":
    main()
