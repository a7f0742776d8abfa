"""Shared-trunk regression over three tasks of different scales, with adaptive task weights."""
import torch
import torch.nn as nn

from monitor import TaskGradientMonitor
from trainer import MultiTaskTrainer

TASKS = {"age": 10.0, "height": 1.0, "score": 0.1}


class SharedTrunkModel(nn.Module):
    def __init__(self, in_dim, width, tasks):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(in_dim, width), nn.Tanh(), nn.Linear(width, width), nn.Tanh())
        self.heads = nn.ModuleDict({t: nn.Linear(width, 1) for t in tasks})

    def forward(self, x):
        z = self.trunk(x)
        return {t: head(z).squeeze(-1) for t, head in self.heads.items()}


def make_batches(n_batches, in_dim, gen):
    batches = []
    w = torch.randn(in_dim, generator=gen)
    for _ in range(n_batches):
        x = torch.randn(16, in_dim, generator=gen)
        base = torch.sin(x @ w)
        batches.append((x, {t: scale * base for t, scale in TASKS.items()}))
    return batches


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    model = SharedTrunkModel(12, 24, TASKS)
    monitor = TaskGradientMonitor(model)
    trainer = MultiTaskTrainer(model, list(TASKS), [monitor], lr=5e-3)
    epochs = trainer.fit(make_batches(4, 12, gen), make_batches(2, 12, gen))
    weights = {t: round(w, 3) for t, w in trainer.weights.items()}
    print(f"stopped after {epochs} epochs, task weights {weights}")


if __name__ == "__main__":
    main()
