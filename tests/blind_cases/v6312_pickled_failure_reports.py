"""Learning-rate sweep whose failed trials are reported the same way as from worker processes."""
import math
import pickle

import torch
import torch.nn as nn
import torch.nn.functional as F


class DivergenceError(FloatingPointError):
    def __init__(self, step, loss_value):
        super().__init__(step, loss_value)
        self.step = step
        self.loss_value = loss_value

    def __str__(self):
        return f"loss diverged at step {self.step} ({self.loss_value:.3g})"


class Trial:
    def __init__(self, trial_id, lr, cfg):
        self.trial_id = trial_id
        torch.manual_seed(trial_id)
        self.model = nn.Sequential(nn.Linear(cfg["dim"], 32), nn.Tanh(), nn.Linear(32, 1))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=lr)
        self.cfg = cfg

    def step(self, step):
        x = torch.randn(self.cfg["batch"], self.cfg["dim"])
        loss = F.mse_loss(self.model(x), 3.0 * x[:, :1])
        value = loss.item()
        if not math.isfinite(value) or value > self.cfg["max_loss"]:
            raise DivergenceError(step, value)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return value

    def run(self):
        return min(self.step(s) for s in range(self.cfg["steps"]))


class Sweep:
    """Coordinator; in production trials run in worker processes and send back pickles."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.results = {}
        self.failures = {}

    def _receive(self, trial_id, kind, payload):
        if kind == "ok":
            self.results[trial_id] = payload
        else:
            self.failures[trial_id] = pickle.loads(payload)

    def run_inline(self, trial_id, lr):
        trial = Trial(trial_id, lr, self.cfg)
        try:
            self._receive(trial_id, "ok", trial.run())
        except (DivergenceError, RuntimeError) as err:
            self._receive(trial_id, "error", pickle.dumps(err))

    def report(self):
        lines = [f"trial {t}: best loss {v:.4f}" for t, v in sorted(self.results.items())]
        lines += [f"trial {t}: {type(e).__name__}: {e}" for t, e in sorted(self.failures.items())]
        return "\n".join(lines)


def main():
    cfg = {"dim": 6, "batch": 16, "steps": 8, "max_loss": 1e4}
    sweep = Sweep(cfg)
    for trial_id, lr in enumerate([1e-3, 1e-2, 5e-2, 3.0, 40.0]):
        sweep.run_inline(trial_id, lr)
    print(sweep.report())
    assert all(e.__traceback__ is None for e in sweep.failures.values())


if __name__ == "__main__":
    main()
