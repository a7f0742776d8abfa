"""Trainer with a callback that collects warnings raised during fit for the run report."""
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"epochs": 6, "steps": 4, "lr": 0.05, "spike_factor": 1.05, "patience": 0, "min_delta": 0.02}


class LossSpikeWarning(UserWarning):
    def __init__(self, step, loss, previous):
        super().__init__(f"loss spike at step {step}: {loss.item():.4f} > {previous:.4f}")
        self.step = step
        self.loss = loss


class WarningCollector:
    def __init__(self):
        self._catcher = None
        self.records = []

    def on_fit_start(self, trainer):
        self._catcher = warnings.catch_warnings(record=True)
        self.records = self._catcher.__enter__()  # retain
        warnings.simplefilter("always")

    def on_fit_end(self, trainer):
        self._catcher.__exit__(None, None, None)
        trainer.report["warnings"] = [str(w.message) for w in self.records]
        self._catcher = None


class Trainer:
    def __init__(self, cfg, callbacks=()):
        self.cfg = cfg
        self.callbacks = list(callbacks)
        self.model = nn.Sequential(nn.Linear(10, 32), nn.GELU(), nn.Linear(32, 1))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"])
        self.report = {}
        self._last_loss = None

    def _emit(self, hook):
        for cb in self.callbacks:
            getattr(cb, hook)(self)

    def _step(self, step, x, y):
        loss = F.mse_loss(self.model(x), y)
        if self._last_loss is not None and loss.item() > self.cfg["spike_factor"] * self._last_loss:
            warnings.warn(LossSpikeWarning(step, loss, self._last_loss))
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self._last_loss = loss.item()
        return self._last_loss

    def validate(self):
        with torch.no_grad():
            x = torch.randn(64, 10)
            return F.mse_loss(self.model(x), x[:, :1]).item()

    def fit(self):
        self._emit("on_fit_start")
        best, bad_epochs, step = float("inf"), 0, 0
        for epoch in range(self.cfg["epochs"]):
            for _ in range(self.cfg["steps"]):
                x = torch.randn(16, 10)
                self._step(step, x, x[:, :1] + 0.5 * torch.randn(16, 1))
                step += 1
            val = self.validate()
            if val < best - self.cfg["min_delta"]:
                best, bad_epochs = val, 0
            else:
                bad_epochs += 1
                if bad_epochs > self.cfg["patience"]:
                    self.report["stopped_epoch"] = epoch
                    return best
        self._emit("on_fit_end")
        return best


def main():
    for seed in range(3):
        torch.manual_seed(seed)
        trainer = Trainer(CFG, callbacks=[WarningCollector()])
        best = trainer.fit()
        print(f"seed {seed}: best val {best:.4f}, report {trainer.report}")


if __name__ == "__main__":
    main()
