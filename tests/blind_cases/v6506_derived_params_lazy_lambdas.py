"""Random search with derived hyperparameters that are resolved after enqueued overrides."""
import math
import random
from collections import deque

import torch
import torch.nn as nn
import torch.nn.functional as F


class LogUniform:
    def __init__(self, low, high):
        self.low, self.high = low, high

    def sample(self, rng):
        return math.exp(rng.uniform(math.log(self.low), math.log(self.high)))


class Choice:
    def __init__(self, options):
        self.options = list(options)

    def sample(self, rng):
        return rng.choice(self.options)


class Derived:
    def __init__(self, fn):
        self.fn = fn


class Params(dict):
    def __getitem__(self, key):
        value = super().__getitem__(key)
        return value() if callable(value) else value

    def resolved(self):
        return {key: self[key] for key in self}


SPACE = {
    "lr": LogUniform(1e-3, 1e-1),
    "batch_size": Choice([16, 32, 64]),
    "hidden": Choice([16, 32]),
    "warmup_steps": Derived(lambda p: max(1, 128 // p["batch_size"])),
    "weight_decay": Derived(lambda p: 0.05 * p["lr"]),
}


def sample_params(space, rng, overrides=None):
    params = Params()
    for name, spec in space.items():
        if isinstance(spec, Derived):
            params[name] = lambda spec=spec: spec.fn(params)  # cycle
        else:
            params[name] = spec.sample(rng)
    params.update(overrides or {})
    return params


def run_trial(params, data, steps=8):
    model = nn.Sequential(nn.Linear(6, params["hidden"]), nn.GELU(), nn.Linear(params["hidden"], 1))
    opt = torch.optim.AdamW(model.parameters(), lr=params["lr"], weight_decay=params["weight_decay"])
    warmup = params["warmup_steps"]
    x, y = data
    for step in range(steps):
        for group in opt.param_groups:
            group["lr"] = params["lr"] * min(1.0, (step + 1) / warmup)
        idx = torch.randint(0, len(x), (params["batch_size"],))
        loss = F.mse_loss(model(x[idx]), y[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        return F.mse_loss(model(x), y).item()


def main():
    torch.manual_seed(0)
    rng = random.Random(0)
    x = torch.randn(128, 6)
    y = x.pow(2).mean(dim=1, keepdim=True)
    queue = deque([{"lr": 0.02, "batch_size": 32}, {"lr": 0.005}])
    history = []
    for number in range(5):
        overrides = queue.popleft() if queue else None
        params = sample_params(SPACE, rng, overrides)
        score = run_trial(params, (x, y))
        history.append((score, number, params))
    score, number, params = min(history, key=lambda h: h[0])
    print(f"best trial {number}: mse={score:.4f} {params.resolved()}")


if __name__ == "__main__":
    main()
