"""Depth / learning-rate search for a small regressor, driven through namespace trial handles."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

from handles import new_trial
from pruning import PatientPercentilePruner

CONFIG = {"n_trials": 6, "epochs": 5, "seed": 1}


def objective(trial, data):
    depth = trial.suggest_categorical("depth", [1, 2, 3])
    lr = trial.suggest_loguniform("lr", 1e-3, 3e-1)
    layers, width = [], 6
    for _ in range(depth):
        layers += [nn.Linear(width, 16), nn.SiLU()]
        width = 16
    model = nn.Sequential(*layers, nn.Linear(width, 1))
    opt = torch.optim.RMSprop(model.parameters(), lr=lr)
    (x, y), (vx, vy) = data
    trial.artifacts["model"] = model
    for epoch in range(CONFIG["epochs"]):
        for xb, yb in zip(x.split(24), y.split(24)):
            loss = F.smooth_l1_loss(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            val = F.smooth_l1_loss(model(vx), vy)
        trial.report(val, epoch)
        if trial.should_prune(epoch):
            trial.state = "PRUNED"
            return None
    trial.state = "COMPLETE"
    return trial.intermediate[CONFIG["epochs"] - 1]


def main():
    rng = random.Random(CONFIG["seed"])
    torch.manual_seed(CONFIG["seed"])
    x, vx = torch.randn(96, 6), torch.randn(48, 6)
    data = ((x, x.sum(1, keepdim=True).tanh()), (vx, vx.sum(1, keepdim=True).tanh()))
    pruner = PatientPercentilePruner(percentile=50.0, patience=1, warmup=1)
    results = []
    for number in range(CONFIG["n_trials"]):
        trial = new_trial(number, rng, pruner)
        pruner.start()
        value = objective(trial, data)
        if value is not None:
            pruner.finish(trial.intermediate)
        results.append((trial.number, trial.state, value, dict(trial.params)))
    for row in results:
        print(row)


if __name__ == "__main__":
    main()
