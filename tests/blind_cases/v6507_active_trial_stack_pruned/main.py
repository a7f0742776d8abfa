"""Asynchronous successive halving (sequential driver) over a small classifier."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

import tracking
from trial import Trial

CONFIG = {"n_trials": 6, "max_epochs": 9, "grace": 1, "eta": 3, "seed": 0}


class ASHAScheduler:
    def __init__(self, metric, grace, eta, max_t):
        self.metric = metric
        self.milestones = []
        t = grace
        while t < max_t:
            self.milestones.append(t)
            t *= eta
        self.eta = eta
        self.rungs = {m: [] for m in self.milestones}

    def on_result(self, number, epoch, value):
        if epoch not in self.rungs:
            return "CONTINUE"
        recorded = self.rungs[epoch]
        recorded.append(float(value))
        if len(recorded) < self.eta:
            return "CONTINUE"
        cutoff = sorted(recorded)[max(0, len(recorded) // self.eta - 1)]
        return "STOP" if value > cutoff else "CONTINUE"


def objective(params, data):
    model = nn.Sequential(nn.Linear(5, params["width"]), nn.ReLU(), nn.Linear(params["width"], 3))
    opt = torch.optim.SGD(model.parameters(), lr=params["lr"], momentum=0.9)
    (x, y), (vx, vy) = data
    for epoch in range(1, CONFIG["max_epochs"] + 1):
        for xb, yb in zip(x.split(32), y.split(32)):
            loss = F.cross_entropy(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            val = F.cross_entropy(model(vx), vy).item()
        tracking.log_model(model)
        tracking.report(epoch, val_loss=val)


def main():
    rng = random.Random(CONFIG["seed"])
    torch.manual_seed(CONFIG["seed"])
    x, vx = torch.randn(96, 5), torch.randn(48, 5)
    w = torch.randn(5, 3)
    data = ((x, (x @ w).argmax(1)), (vx, (vx @ w).argmax(1)))
    scheduler = ASHAScheduler("val_loss", CONFIG["grace"], CONFIG["eta"], CONFIG["max_epochs"])
    finished = []
    for number in range(CONFIG["n_trials"]):
        params = {"lr": rng.choice([0.3, 0.1, 0.03, 0.003]), "width": rng.choice([8, 16, 32])}
        with Trial(number, params, scheduler) as trial:
            objective(params, data)
        finished.append((trial.number, trial.state, round(trial.last("val_loss"), 4)))
    for row in finished:
        print(row)


if __name__ == "__main__":
    main()
