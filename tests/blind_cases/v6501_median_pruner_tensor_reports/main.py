"""Width / learning-rate search over an MLP regressor with median pruning."""
import math
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

from pruners import MedianPruner
from storage import COMPLETE, DEFAULT_STORAGE, PRUNED

CONFIG = {"n_trials": 5, "epochs": 4, "batch_size": 16}


class TrialPruned(Exception):
    pass


class Trial:
    def __init__(self, study, trial_id):
        self.study = study
        self.trial_id = trial_id
        self.params = {}

    def suggest_float(self, name, low, high, log=False):
        rng = self.study.rng
        self.params[name] = math.exp(rng.uniform(math.log(low), math.log(high))) if log else rng.uniform(low, high)
        return self.params[name]

    def suggest_int(self, name, low, high):
        self.params[name] = self.study.rng.randint(low, high)
        return self.params[name]

    def report(self, value, step):
        self.study.storage.set_intermediate(self.trial_id, step, value)

    def should_prune(self, step):
        return self.study.pruner.prune(self.study.storage, self.study.name, self.trial_id, step)


class Study:
    def __init__(self, name, storage=None, pruner=None, seed=0):
        self.name = name
        self.storage = storage if storage is not None else DEFAULT_STORAGE
        self.pruner = pruner or MedianPruner()
        self.rng = random.Random(seed)

    def optimize(self, objective, n_trials):
        for _ in range(n_trials):
            trial_id = self.storage.create_trial(self.name)
            try:
                value = objective(Trial(self, trial_id))
            except TrialPruned:
                self.storage.finish(trial_id, PRUNED)
            else:
                self.storage.finish(trial_id, COMPLETE, value)
        return min(t["value"] for t in self.storage.trials(self.name, state=COMPLETE))


def make_data(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 8, generator=g)
    return x, x[:, :2].sum(dim=1, keepdim=True) + 0.1 * torch.randn(n, 1, generator=g)


def evaluate(model, data):
    x, y = data
    return F.mse_loss(model(x), y)


def objective(trial):
    width = trial.suggest_int("width", 8, 32)
    lr = trial.suggest_float("lr", 1e-3, 1e-1, log=True)
    model = nn.Sequential(nn.Linear(8, width), nn.Tanh(), nn.Linear(width, 1))
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    (train_x, train_y), valid = make_data(3 * CONFIG["batch_size"], seed=1), make_data(32, seed=2)
    for epoch in range(CONFIG["epochs"]):
        for xb, yb in zip(train_x.split(CONFIG["batch_size"]), train_y.split(CONFIG["batch_size"])):
            loss = F.mse_loss(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        val_loss = evaluate(model, valid)
        trial.report(val_loss, epoch)
        if trial.should_prune(epoch):
            raise TrialPruned(f"epoch {epoch}")
    return float(val_loss)


def main():
    study = Study("mlp-width-lr", pruner=MedianPruner(n_startup_trials=2, n_warmup_steps=1))
    best = study.optimize(objective, n_trials=CONFIG["n_trials"])
    print(f"best val mse {best:.4f}")


if __name__ == "__main__":
    main()
