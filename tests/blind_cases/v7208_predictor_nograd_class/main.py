"""Dropout / width ablation with bootstrap comparison against the baseline."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from comparison import COMPARISON
from predictor import Predictor

ABLATIONS = {
    "base": {"hidden": 32, "dropout": 0.0},
    "dropout": {"hidden": 32, "dropout": 0.3},
    "narrow": {"hidden": 8, "dropout": 0.0},
}


def make_data(gen, n):
    x = torch.randn(n, 12, generator=gen)
    y = ((x[:, 0] > 0).long() + (x[:, 1] > 0.5).long())
    return x, y


def train(cfg, data, steps=10):
    model = nn.Sequential(nn.Linear(12, cfg["hidden"]), nn.ReLU(),
                          nn.Dropout(cfg["dropout"]), nn.Linear(cfg["hidden"], 3))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    x, y = data
    for _ in range(steps):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(5)
    train_data, test_data = make_data(gen, 256), make_data(gen, 200)
    for name, cfg in ABLATIONS.items():
        model = train(cfg, train_data)
        probs = Predictor(model, batch_size=64).predict_proba(test_data[0])
        COMPARISON.record(name, probs, test_data[1])
    for name in ABLATIONS:
        if name != COMPARISON.baseline:
            print(f"{name}: beats base in {COMPARISON.bootstrap_win_rate(name):.0%} of resamples")


if __name__ == "__main__":
    main()
