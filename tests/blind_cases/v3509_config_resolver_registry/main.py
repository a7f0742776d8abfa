"""Trains one model per dataset size; schedule lengths come from resolver interpolation."""
import torch
import torch.nn as nn

from trainer import Trainer

CFG = {
    "max_epochs": 2,
    "optimizer": {"lr": 0.05, "momentum": 0.9},
    "scheduler": {"warmup_steps": "${total_steps:0.25}", "total_steps": "${total_steps}"},
}


def make_batches(n_batches, seed):
    g = torch.Generator().manual_seed(seed)
    batches = []
    for _ in range(n_batches):
        x = torch.randn(16, 8, generator=g)
        batches.append((x, (x[:, :4].sum(-1) > x[:, 4:].sum(-1)).long()))
    return batches


def main():
    finals = {}
    for n_batches in (2, 3, 4):
        model = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 2))
        trainer = Trainer(model, make_batches(n_batches, seed=n_batches), CFG)
        finals[n_batches] = trainer.fit()
    assert len(finals) == 3


if __name__ == "__main__":
    main()
