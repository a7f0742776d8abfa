"""Random search over learning-rate schedules; reports the history of the best run."""
import random

import torch
import torch.nn as nn

from net import NeuralNetRegressor


class TinyNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, 12), nn.SiLU(), nn.Linear(12, 1))

    def forward(self, x):
        return self.net(x)


def sample_params(rng):
    return {
        "lr": 10 ** rng.uniform(-2.5, -1),
        "step_size": rng.choice([1, 2, 3]),
        "gamma": rng.choice([0.3, 0.5, 0.9]),
    }


def main():
    torch.manual_seed(0)
    rng = random.Random(0)
    X, X_valid = torch.randn(64, 4), torch.randn(32, 4)
    target = lambda t: t[:, 0] - 0.5 * t[:, 1] ** 2 + 0.3 * t[:, 3]
    y, y_valid = target(X), target(X_valid)
    base = NeuralNetRegressor(TinyNet, max_epochs=4)
    best_score, best_lrs = float("-inf"), None
    for _ in range(4):
        net = type(base)(**base.get_params()).set_params(**sample_params(rng))
        net.fit(X, y, X_valid, y_valid)
        score = net.score(X_valid, y_valid)
        if score > best_score:
            best_score, best_lrs = score, net.history_[:, "lr"]
    print(f"best neg_mse={best_score:.4f} lr schedule={[round(v, 4) for v in best_lrs]}")


if __name__ == "__main__":
    main()
