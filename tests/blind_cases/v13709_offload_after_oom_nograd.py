"""Tabular regressor; an epoch that runs out of memory is rerun with activation offloading."""
import contextlib

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "features": 20,
    "hidden": 48,
    "epochs": 3,
    "train_batches": 5,
    "val_batches": 3,
    "batch_size": 64,
    "activation_budget": 2_000,
}


class OutOfMemory(RuntimeError):
    pass


class ActivationOffload:
    def __init__(self, budget, enabled=False):
        self.budget = budget
        self.enabled = enabled
        self.events = []

    @contextlib.contextmanager
    def scope(self):
        if not self.enabled:
            yield False
            return
        with torch.autograd.graph.save_on_cpu(pin_memory=False):
            yield True

    def check(self, activations, offloading):
        if not offloading and activations > self.budget:
            raise OutOfMemory(f"simulated OOM: {activations} activations > {self.budget}")

    def on_oom(self, epoch, err):
        self.events.append({"epoch": epoch, "error": str(err)})
        if self.enabled:
            return False
        self.enabled = True
        return True


def make_batches(n, cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    out = []
    for _ in range(n):
        x = torch.randn(cfg["batch_size"], cfg["features"], generator=gen)
        out.append((x, x[:, :3].sum(1, keepdim=True).tanh()))
    return out


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = nn.Sequential(
            nn.Linear(cfg["features"], cfg["hidden"]), nn.ReLU(),
            nn.Linear(cfg["hidden"], cfg["hidden"]), nn.ReLU(),
            nn.Linear(cfg["hidden"], 1))
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=2e-3)
        self.offload = ActivationOffload(cfg["activation_budget"])
        self.train_batches = make_batches(cfg["train_batches"], cfg, seed=0)
        self.val_batches = make_batches(cfg["val_batches"], cfg, seed=1)
        self.history = []

    def _train_epoch(self, offloading):
        self.model.train()
        total = 0.0
        for x, y in self.train_batches:
            self.offload.check(x.shape[0] * self.cfg["hidden"], offloading)
            loss = F.mse_loss(self.model(x), y)
            self.optimizer.zero_grad(set_to_none=True)
            loss.backward()
            self.optimizer.step()
            total += loss.item()
        return total / len(self.train_batches)

    @torch.no_grad()
    def _validate(self):
        self.model.eval()
        total = 0.0
        for x, y in self.val_batches:
            pred = self.model(x)
            total += F.mse_loss(pred, y).item()
        return total / len(self.val_batches)

    def fit(self):
        for epoch in range(self.cfg["epochs"]):
            while True:
                try:
                    with self.offload.scope() as offloading:
                        train_loss = self._train_epoch(offloading)
                        val_loss = self._validate()
                    break
                except OutOfMemory as err:
                    if not self.offload.on_oom(epoch, err):
                        raise
            self.history.append((epoch, train_loss, val_loss))
        return self.history


def main():
    trainer = Trainer(CFG)
    history = trainer.fit()
    assert len(history) == CFG["epochs"] and trainer.offload.enabled


if __name__ == "__main__":
    main()
