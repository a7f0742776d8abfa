"""Fit a linear-regression baseline per dataset, retrying with a smaller learning rate on divergence.

The starting learning rate is deliberately aggressive; when the loss blows up the
attempt is abandoned, a warning is printed and the run restarts from scratch.
"""
import math

import torch
import torch.nn as nn

DATASETS = {"housing": 13, "energy": 8, "concrete": 8}
START_LR = 1.5
MAX_ATTEMPTS = 4
RETRY_MSG = ("[{name}] attempt {attempt}/{max_attempts} diverged at lr={lr:g}: {err} "
             "-> retrying with lr={next_lr:g}")
BASELINES = {}


class Diverged(RuntimeError):
    def __init__(self, step, value):
        super().__init__("loss {:.3g} at step {}".format(value, step))
        self.step = step


def synthetic_regression(n_features, n=128, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = 3.0 * torch.randn(n, n_features, generator=g)
    w = torch.randn(n_features, 1, generator=g)
    return x, x @ w + 0.5 * torch.randn(n, 1, generator=g)


def fit_linear(model, x, y, lr, steps=25, blowup=1e6):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    for step in range(steps):
        loss = nn.functional.mse_loss(model(x), y)
        if not math.isfinite(loss.item()) or loss.item() > blowup:
            raise Diverged(step, loss.item())
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def fit_with_backoff(name, n_features, max_attempts=MAX_ATTEMPTS, backoff=0.1):
    x, y = synthetic_regression(n_features, seed=len(name))
    x = (x - x.mean(0)) / x.std(0) if name != "housing" else x
    lr = START_LR
    for attempt in range(1, max_attempts + 1):
        torch.manual_seed(attempt)
        model = nn.Linear(n_features, 1)
        try:
            final = fit_linear(model, x, y, lr)
        except Diverged as err:
            next_lr = lr * backoff
            print(RETRY_MSG.format(**locals()))  # cycle
            lr = next_lr
            continue
        return {"mse": final, "lr": lr, "attempts": attempt}
    raise RuntimeError("{}: no stable learning rate found".format(name))


def main():
    for name, n_features in DATASETS.items():
        BASELINES[name] = fit_with_backoff(name, n_features)
        print("{:<9} mse={:.3f} lr={:g} attempts={}".format(name, *BASELINES[name].values()))


if __name__ == "__main__":
    main()
