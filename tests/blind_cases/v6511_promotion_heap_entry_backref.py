"""Budgeted successive halving: a promotion queue decides which paused trial trains next."""
import heapq
import itertools
import math
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"initial_trials": 8, "rung_epochs": 1, "budget_epochs": 14, "seed": 2}
REMOVED = "<removed>"


class Trial:
    def __init__(self, number, params):
        self.number = number
        self.params = params
        self.epochs = 0
        self.scores = []
        self.checkpoint = None
        self.queue_entry = None


class PromotionQueue:
    def __init__(self):
        self._heap = []
        self._counter = itertools.count()

    def push(self, trial, priority):
        if trial.queue_entry is not None:
            self.discard(trial)
        entry = [priority, next(self._counter), trial]  # cycle
        trial.queue_entry = entry  # cycle
        heapq.heappush(self._heap, entry)

    def discard(self, trial):
        entry = trial.queue_entry
        if entry is not None:
            entry[-1] = REMOVED
            trial.queue_entry = None

    def pop(self):
        while self._heap:
            _, _, trial = heapq.heappop(self._heap)
            if trial is not REMOVED:
                trial.queue_entry = None
                return trial
        return None

    def __len__(self):
        return sum(1 for entry in self._heap if entry[-1] is not REMOVED)


def resume_and_train(trial, epochs, data):
    p = trial.params
    model = nn.Sequential(nn.Linear(3, p["width"]), nn.Tanh(), nn.Linear(p["width"], 1))
    opt = torch.optim.SGD(model.parameters(), lr=p["lr"], momentum=p["momentum"])
    if trial.checkpoint is not None:
        model.load_state_dict(trial.checkpoint["model"])
    x, y = data
    for _ in range(epochs):
        for xb, yb in zip(x.split(16), y.split(16)):
            loss = F.mse_loss(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
    trial.epochs += epochs
    trial.checkpoint = {"model": {k: v.detach().clone() for k, v in model.state_dict().items()}}
    with torch.no_grad():
        score = F.mse_loss(model(x), y).item()
    trial.scores.append(score)
    return score


def main():
    rng = random.Random(CONFIG["seed"])
    torch.manual_seed(CONFIG["seed"])
    x = torch.rand(64, 3) * 2 - 1
    y = (x[:, :1] * x[:, 1:2] + x[:, 2:]).detach()
    queue = PromotionQueue()
    used = 0
    for number in range(CONFIG["initial_trials"]):
        params = {"lr": rng.choice([1.0, 0.3, 0.1, 0.03]), "momentum": rng.choice([0.0, 0.9]),
                  "width": rng.choice([8, 16])}
        trial = Trial(number, params)
        score = resume_and_train(trial, CONFIG["rung_epochs"], (x, y))
        used += CONFIG["rung_epochs"]
        if math.isfinite(score):
            queue.push(trial, score)
    best = None
    while used < CONFIG["budget_epochs"] and len(queue):
        trial = queue.pop()
        epochs = CONFIG["rung_epochs"] * 2 ** len(trial.scores)
        score = resume_and_train(trial, epochs, (x, y))
        used += epochs
        if not math.isfinite(score):
            continue
        queue.push(trial, score)
        if best is None or score < best[0]:
            best = (score, trial.number, trial.epochs)
    print(f"used {used} epochs, {len(queue)} trials still queued, best={best}")


if __name__ == "__main__":
    main()
