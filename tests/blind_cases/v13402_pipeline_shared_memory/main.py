"""Grid search over a cached feature-learning + ridge pipeline."""
import itertools

import torch

from pipeline import Pipeline, clone
from preprocessing import AutoencoderProjector, RidgeRegressor


def grid_search(pipe, grid, X, y, X_val, y_val):
    best = (float("-inf"), None)
    for values in itertools.product(*grid.values()):
        params = dict(zip(grid, values))
        candidate = Pipeline([(n, clone(s)) for n, s in pipe.steps], memory=pipe.memory)
        candidate.set_params(**params).fit(X, y)
        score = -float(((candidate.predict(X_val) - y_val) ** 2).mean())
        if score > best[0]:
            best = (score, params)
    return best


def main():
    torch.manual_seed(0)
    X, X_val = torch.randn(80, 10), torch.randn(40, 10)
    target = lambda t: torch.sin(t[:, 0]) + 0.5 * t[:, 1] - 0.2 * t[:, 2]
    y, y_val = target(X) + 0.05 * torch.randn(80), target(X_val)
    pipe = Pipeline([("project", AutoencoderProjector(n_components=4)), ("reg", RidgeRegressor())],
                    memory=True)
    grid = {"project__n_components": [3, 6], "project__lr": [0.02, 0.05], "reg__alpha": [0.1, 1.0, 10.0]}
    score, params = grid_search(pipe, grid, X, y, X_val, y_val)
    print(f"best neg_mse={score:.3f} params={params}")


if __name__ == "__main__":
    main()
