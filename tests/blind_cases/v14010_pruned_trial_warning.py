"""Small define-by-run study with a median pruner; pruned trials are announced through warnings."""
import math
import random
import statistics
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F


class TrialPruned(Exception):
    pass


class TrialPrunedWarning(UserWarning):
    def __init__(self, trial, step, value):
        super().__init__(f"trial {trial.number} pruned at step {step} (value={value:.4f})")
        self.trial = trial
        self.step = step


class Trial:
    def __init__(self, study, number):
        self.number = number
        self.params = {}
        self.intermediate = {}
        self.user_attrs = {}
        self._rng = random.Random(number)
        self._pruner = study.pruner
        self._history = study.history

    def suggest_float(self, name, low, high, log=False):
        if log:
            value = math.exp(self._rng.uniform(math.log(low), math.log(high)))
        else:
            value = self._rng.uniform(low, high)
        self.params[name] = value
        return value

    def suggest_int(self, name, low, high):
        self.params[name] = self._rng.randint(low, high)
        return self.params[name]

    def report(self, value, step):
        self.intermediate[step] = float(value)
        if self._pruner.should_prune(self._history, step, float(value)):
            warnings.warn(TrialPrunedWarning(self, step, float(value)), stacklevel=2)
            raise TrialPruned()


class MedianPruner:
    def __init__(self, warmup_steps=1):
        self.warmup_steps = warmup_steps

    def should_prune(self, history, step, value):
        if step < self.warmup_steps:
            return False
        seen = [h["intermediate"][step] for h in history if step in h["intermediate"]]
        return len(seen) >= 2 and value > statistics.median(seen)


class Study:
    def __init__(self, pruner):
        self.pruner = pruner
        self.history = []

    def optimize(self, objective, n_trials):
        for number in range(n_trials):
            trial = Trial(self, number)
            state, value = "complete", None
            try:
                value = objective(trial)
            except TrialPruned:
                state = "pruned"
            self.history.append({"number": number, "state": state, "value": value,
                                 "params": dict(trial.params), "intermediate": dict(trial.intermediate)})
        done = [h for h in self.history if h["state"] == "complete"]
        return min(done, key=lambda h: h["value"]) if done else None


def objective(trial):
    lr = trial.suggest_float("lr", 1e-3, 3e-1, log=True)
    hidden = trial.suggest_int("hidden", 4, 24)
    torch.manual_seed(trial.number)
    model = nn.Sequential(nn.Linear(6, hidden), nn.ReLU(), nn.Linear(hidden, 1))
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    trial.user_attrs["model"] = model
    x = torch.randn(64, 6)
    y = x[:, :2].sum(1, keepdim=True)
    for epoch in range(4):
        loss = F.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        trial.report(loss.item(), epoch)
    return loss.item()


def main():
    study = Study(MedianPruner(warmup_steps=1))
    best = study.optimize(objective, n_trials=6)
    pruned = sum(h["state"] == "pruned" for h in study.history)
    print("best:", best["params"] if best else None, "pruned:", pruned)


if __name__ == "__main__":
    main()
