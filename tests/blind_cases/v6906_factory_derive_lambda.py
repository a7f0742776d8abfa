"""Width search that derives model variants from a base configuration."""
import dataclasses
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(frozen=True)
class ConvNetConfig:
    channels: int = 8
    blocks: int = 2
    classes: int = 4
    dropout: float = 0.1

    def validate(self):
        if self.blocks < 1 or self.channels < 1:
            raise ValueError(f"invalid config {self}")
        return self


class ConvNet(nn.Module):
    def __init__(self, channels, blocks, classes, dropout):
        super().__init__()
        layers, c_in = [], 1
        for _ in range(blocks):
            layers += [nn.Conv2d(c_in, channels, 3, padding=1), nn.BatchNorm2d(channels), nn.ReLU()]
            c_in = channels
        self.features = nn.Sequential(*layers)
        self.drop = nn.Dropout(dropout)
        self.head = nn.Linear(channels, classes)

    @classmethod
    def from_config(cls, cfg: ConvNetConfig):
        cfg.validate()
        model = cls(cfg.channels, cfg.blocks, cfg.classes, cfg.dropout)
        model.config = cfg
        model.derive = lambda **changes: cls.from_config(dataclasses.replace(model.config, **changes))  # cycle
        return model

    def forward(self, x):
        h = self.features(x).mean(dim=(2, 3))
        return self.head(self.drop(h))


def train(model, steps=3, lr=0.05):
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    for _ in range(steps):
        x = torch.randn(8, 1, 12, 12)
        y = torch.randint(0, model.config.classes, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    base = ConvNet.from_config(ConvNetConfig())
    scores = {base.config.channels: train(base)}
    for width in (4, 12, 16):
        variant = base.derive(channels=width)
        scores[width] = train(variant)
    best = min(scores, key=scores.get)
    print(f"best width {best}: loss {scores[best]:.3f}")


if __name__ == "__main__":
    main()
