"""Cross-validated regression runs; each run keeps its best model for later ensembling."""
import torch

from model import NoisyRegressor
from trainer import Trainer


def make_split(n, dim, w):
    x = torch.randn(n, dim)
    y = x @ w + 0.05 * torch.randn(n, 1)
    return list(zip(x.split(8), y.split(8)))


def main():
    torch.manual_seed(0)
    w = torch.randn(5, 1)
    scores = []
    for fold in range(3):
        model = NoisyRegressor(dim=5, hidden=16)
        trainer = Trainer(model, lr=1e-2, max_steps=12)
        scores.append(trainer.fit(make_split(32, 5, w), make_split(16, 5, w), epochs=3))
    return min(scores)


if __name__ == "__main__":
    main()
