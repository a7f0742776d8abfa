"""Hyper-parameter grid for a small conv net trained with CompiledAdam."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from optim import CompiledAdam

GRID = [
    {"lr": 2e-3, "weight_decay": 0.05},
    {"lr": 1e-3, "amsgrad": True},
    {"lr": 5e-4, "decoupled": False, "weight_decay": 1e-4},
]


class TinyConvNet(nn.Module):
    def __init__(self, channels=8, classes=5):
        super().__init__()
        self.conv = nn.Conv2d(1, channels, 3, padding=1)
        self.head = nn.Linear(channels, classes)

    def forward(self, x):
        return self.head(F.relu(self.conv(x)).mean(dim=(2, 3)))


def train(hparams, steps=4):
    model = TinyConvNet()
    opt = CompiledAdam(model.parameters(), **hparams)
    for _ in range(steps):
        x = torch.randn(16, 1, 8, 8)
        y = torch.randint(0, 5, (16,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
    return loss.item(), max(opt.step_counts().values())


def main():
    torch.manual_seed(0)
    for hparams in GRID:
        loss, steps = train(hparams)
        print(hparams, f"final loss {loss:.3f} after {steps} steps")


if __name__ == "__main__":
    main()
