"""Random-search study with trial callbacks; a patience callback stops the study when it stalls."""
import math
import random

import torch
import torch.nn as nn
import torch.nn.functional as F


class FrozenTrial:
    def __init__(self, number, params, value, model):
        self.number = number
        self.params = params
        self.value = value
        self.model = model


class RandomSampler:
    def __init__(self, space, seed):
        self.space = space
        self.rng = random.Random(seed)

    def sample(self):
        params = {}
        for name, (low, high, log) in self.space.items():
            if log:
                params[name] = math.exp(self.rng.uniform(math.log(low), math.log(high)))
            else:
                params[name] = self.rng.uniform(low, high)
        return params


class Study:
    def __init__(self, sampler):
        self.sampler = sampler
        self.trials = []
        self.best_trial = None
        self._stop_requested = False
        self._callbacks = []

    def stop(self):
        self._stop_requested = True

    def optimize(self, objective, n_trials, callbacks=()):
        self._callbacks = list(callbacks)  # cycle
        self._stop_requested = False
        for number in range(len(self.trials), len(self.trials) + n_trials):
            params = self.sampler.sample()
            value, model = objective(params, seed=number)
            frozen = FrozenTrial(number, params, value, model)
            self.trials.append(frozen)
            if self.best_trial is None or value < self.best_trial.value:
                self.best_trial = frozen
            for callback in self._callbacks:
                callback(self, frozen)
            if self._stop_requested:
                break
        return self.best_trial


class PatienceCallback:
    def __init__(self, patience, min_delta=1e-3):
        self.patience = patience
        self.min_delta = min_delta
        self.best = math.inf
        self.stale = 0
        self._stop = None

    def __call__(self, study, trial):
        if self._stop is None:
            self._stop = study.stop  # cycle
        if trial.value < self.best - self.min_delta:
            self.best, self.stale = trial.value, 0
        else:
            self.stale += 1
        if self.stale >= self.patience:
            self._stop()


SPACE = {"lr": (1e-3, 0.5, True), "wd": (0.0, 1e-2, False)}


def objective(params, seed):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(5, 12), nn.Tanh(), nn.Linear(12, 1))
    opt = torch.optim.SGD(model.parameters(), lr=params["lr"], weight_decay=params["wd"])
    x = torch.randn(48, 5)
    y = torch.sin(x[:, :1]) + 0.5 * x[:, 1:2]
    for _ in range(5):
        loss = F.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item(), model


def main():
    for seed in (0, 1):
        study = Study(RandomSampler(SPACE, seed))
        best = study.optimize(objective, n_trials=8, callbacks=[PatienceCallback(patience=3)])
        print(seed, len(study.trials), round(best.value, 4), {k: round(v, 4) for k, v in best.params.items()})


if __name__ == "__main__":
    main()
