"""Top-k checkpoint manager with early stopping, used across cross-validation folds."""
import collections
import heapq
import io
import math

import torch
import torch.nn as nn

DEFAULTS = {"monitor": "val_loss", "mode": "min", "patience": 3, "keep_top_k": 2, "min_delta": 1e-4}


class CheckpointManager:
    """Settings are looked up in the call overrides, then attributes set by subclasses, then DEFAULTS."""

    def __init__(self, model, optimizer, **overrides):
        self.model, self.optimizer = model, optimizer
        self.hparams = collections.ChainMap(overrides, vars(self), DEFAULTS)  # cycle
        self.best = math.inf if self.hparams["mode"] == "min" else -math.inf
        self.bad_epochs = 0
        self._heap = []

    def _improved(self, score):
        delta = self.hparams["min_delta"]
        return score < self.best - delta if self.hparams["mode"] == "min" else score > self.best + delta

    def _serialize(self, epoch, score):
        buf = io.BytesIO()
        torch.save({"epoch": epoch, "score": score, "model": self.model.state_dict(),
                    "optimizer": self.optimizer.state_dict()}, buf)
        return buf.getvalue()

    def update(self, epoch, metrics):
        score = metrics[self.hparams["monitor"]]
        key = -score if self.hparams["mode"] == "min" else score
        heapq.heappush(self._heap, (key, epoch, self._serialize(epoch, score)))
        if len(self._heap) > self.hparams["keep_top_k"]:
            heapq.heappop(self._heap)
        if self._improved(score):
            self.best, self.bad_epochs = score, 0
        else:
            self.bad_epochs += 1
        return self.bad_epochs >= self.hparams["patience"]


class PatientCheckpointManager(CheckpointManager):
    def __init__(self, model, optimizer, **overrides):
        self.patience = 2
        self.keep_top_k = 1
        super().__init__(model, optimizer, **overrides)


def make_fold(seed, n=96):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 6, generator=g)
    y = x @ torch.linspace(-1, 1, 6) + 0.1 * torch.randn(n, generator=g)
    return (x[:64], y[:64]), (x[64:], y[64:])


def run_fold(fold):
    (xtr, ytr), (xva, yva) = make_fold(fold)
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    manager = PatientCheckpointManager(model, opt, min_delta=1e-3)
    for epoch in range(10):
        for i in range(0, 64, 16):
            loss = (model(xtr[i:i + 16]).squeeze(-1) - ytr[i:i + 16]).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            val = (model(xva).squeeze(-1) - yva).pow(2).mean().item()
        if manager.update(epoch, {"val_loss": val}):
            break
    return manager.best, epoch


def main():
    for fold in range(3):
        best, stopped = run_fold(fold)
        print(f"fold {fold}: best val_loss {best:.4f}, stopped after epoch {stopped}")


if __name__ == "__main__":
    main()
