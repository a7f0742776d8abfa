"""Fine-tune a small residual network with gradual unfreezing, several learning-rate settings."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from freezing import GradualUnfreezing, layer_groups

CONFIGS = [{"lr": 0.05, "epochs": 2}, {"lr": 0.02, "epochs": 2}]


class ResBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return x + F.relu(self.fc(self.norm(x)))


class ResMLP(nn.Module):
    def __init__(self, in_dim=10, dim=24, depth=4, num_classes=5):
        super().__init__()
        self.stem = nn.Linear(in_dim, dim)
        self.blocks = nn.Sequential(*[ResBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)))


def fit(cfg, batches_per_epoch=3):
    model = ResMLP()
    schedule = GradualUnfreezing(layer_groups(model), every=1)
    schedule.on_fit_start()
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    for epoch in range(cfg["epochs"]):
        for _ in range(batches_per_epoch):
            x, y = torch.randn(16, 10), torch.randint(0, 5, (16,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        schedule.on_epoch_end(epoch)
    return loss.item(), schedule.num_trainable


def main():
    for cfg in CONFIGS:
        fit(cfg)


if __name__ == "__main__":
    main()
