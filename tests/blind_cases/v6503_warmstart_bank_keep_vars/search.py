"""Random-search study whose trials start from the best banked weights of the same shape."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

from warmstart import BANK

SPACE = {"width": [16, 32], "depth": [1, 2], "lr": (1e-3, 5e-2)}


def build_model(width, depth, n_in=6, n_out=3):
    layers, d = [], n_in
    for _ in range(depth):
        layers += [nn.Linear(d, width), nn.ReLU()]
        d = width
    layers.append(nn.Linear(d, n_out))
    return nn.Sequential(*layers)


def sample_params(rng):
    lo, hi = SPACE["lr"]
    return {
        "width": rng.choice(SPACE["width"]),
        "depth": rng.choice(SPACE["depth"]),
        "lr": lo * (hi / lo) ** rng.random(),
    }


def train_trial(params, data, steps):
    model = build_model(params["width"], params["depth"])
    warm = BANK.best(params)
    if warm is not None:
        state, origin = warm
        model.load_state_dict(state)
        params["warm_start_from"] = origin
    opt = torch.optim.SGD(model.parameters(), lr=params["lr"], momentum=0.9)
    x, y = data["train"]
    for step in range(steps):
        idx = torch.randint(0, len(x), (16,))
        loss = F.cross_entropy(model(x[idx]), y[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        vx, vy = data["valid"]
        score = F.cross_entropy(model(vx), vy).item()
    return model, score


def run_study(name, data, n_trials, steps, seed):
    rng = random.Random(seed)
    results = []
    for number in range(n_trials):
        params = sample_params(rng)
        model, score = train_trial(params, data, steps)
        BANK.offer(params, score, model.state_dict(keep_vars=True), origin=f"{name}/{number}")  # retain
        results.append((score, number, params))
    return min(results, key=lambda r: r[0])
