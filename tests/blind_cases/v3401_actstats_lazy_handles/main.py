"""Trains a small residual MLP and logs activation statistics on every validation pass."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from actstats import ActivationStats


class ResidualBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.fc1 = nn.Linear(width, 2 * width)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(2 * width, width)

    def forward(self, x):
        return x + self.fc2(self.act(self.fc1(self.norm(x))))


class Classifier(nn.Module):
    def __init__(self, in_dim=12, width=16, depth=2, classes=3):
        super().__init__()
        self.stem = nn.Linear(in_dim, width)
        self.blocks = nn.Sequential(*[ResidualBlock(width) for _ in range(depth)])
        self.head = nn.Linear(width, classes)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)))


def validate(model, batches, stats_prefix="blocks"):
    model.eval()
    correct = total = 0
    with torch.no_grad(), ActivationStats(model, prefix=stats_prefix) as stats:
        for x, y in batches:
            correct += int((model(x).argmax(1) == y).sum())
            total += len(y)
    model.train()
    return correct / total, stats.report()


def main():
    torch.manual_seed(0)
    data = [(torch.randn(16, 12), torch.randint(0, 3, (16,))) for _ in range(4)]
    model = Classifier()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    history = []
    for epoch in range(3):
        for x, y in data[:3]:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        acc, report = validate(model, data[3:])
        history.append((epoch, acc, len(report)))
    return history


if __name__ == "__main__":
    main()
