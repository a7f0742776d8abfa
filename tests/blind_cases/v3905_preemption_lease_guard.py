"""Hyper-parameter sweep whose trials hold a node lease while training and can be pruned early."""
import contextlib
import json
import os
import tempfile

import torch
import torch.nn as nn


class TrialPruned(Exception):
    pass


class LeaseGuard:
    """Writes a lease file for the running trial so a watchdog can tell it is alive."""

    def __init__(self, lease_dir):
        self.lease_dir = lease_dir
        self.renewals = 0

    @contextlib.contextmanager
    def hold(self, trainer):
        path = os.path.join(self.lease_dir, "%s.lease" % trainer.trial_id)
        with open(path, "w") as fh:
            json.dump({"trial": trainer.trial_id, "pid": os.getpid()}, fh)
        try:
            yield path
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.remove(path)

    def renew(self, path, step):
        os.utime(path)
        self.renewals += 1


class TrialTrainer:
    def __init__(self, trial_id, lr, guard):
        self.trial_id = trial_id
        self.model = nn.Sequential(nn.Linear(8, 32), nn.SiLU(), nn.Linear(32, 2))
        self.optimizer = torch.optim.RMSprop(self.model.parameters(), lr=lr)
        self.guard = guard
        self._lease = None
        self.reports = []

    def on_fit_start(self):
        self._lease = self.guard.hold(self)  # cycle
        self.lease_path = self._lease.__enter__()

    def on_fit_end(self):
        self._lease.__exit__(None, None, None)
        self._lease = None

    def report(self, step, value, prune_above):
        self.reports.append(value)
        self.guard.renew(self.lease_path, step)
        if step >= 2 and value > prune_above:
            raise TrialPruned("trial %s pruned at step %d" % (self.trial_id, step))

    def fit(self, steps, prune_above):
        self.on_fit_start()
        for step in range(steps):
            x = torch.randn(16, 8)
            y = (x[:, 0] > 0).long()
            loss = nn.functional.cross_entropy(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            self.report(step, loss.item(), prune_above)
        self.on_fit_end()
        return self.reports[-1]


def run_sweep(lease_dir, lrs):
    guard = LeaseGuard(lease_dir)
    results = {}
    for i, lr in enumerate(lrs):
        trainer = TrialTrainer("t%02d" % i, lr, guard)
        try:
            results[lr] = trainer.fit(steps=5, prune_above=0.0 if i % 2 else 10.0)
        except TrialPruned:
            results[lr] = None
    return results


def main():
    with tempfile.TemporaryDirectory() as lease_dir:
        print(run_sweep(lease_dir, [1e-3, 3e-3, 1e-2, 3e-2]))


if __name__ == "__main__":
    main()
