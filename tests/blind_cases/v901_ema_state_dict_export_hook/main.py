"""Fits a small regressor for a few seeds and writes an in-memory checkpoint each time."""
import torch
import torch.nn as nn

from trainer import TrainConfig, Trainer


def build_regressor(in_dim=8, hidden=32):
    return nn.Sequential(
        nn.Linear(in_dim, hidden), nn.GELU(),
        nn.LayerNorm(hidden),
        nn.Linear(hidden, 1))


def synthetic_batch(batch_size, in_dim=8):
    x = torch.randn(batch_size, in_dim)
    y = x[:, :2].sum(dim=1, keepdim=True) + 0.1 * torch.randn(batch_size, 1)
    return x, y


def main():
    cfg = TrainConfig()
    sizes = []
    for seed in range(3):
        torch.manual_seed(seed)
        trainer = Trainer(build_regressor(), cfg)
        for _ in range(cfg.steps):
            trainer.train_step(*synthetic_batch(cfg.batch_size))
        sizes.append(len(trainer.checkpoint_bytes()))
    print("checkpoint sizes:", sizes)


if __name__ == "__main__":
    main()
