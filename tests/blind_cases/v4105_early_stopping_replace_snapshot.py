"""Early stopping on validation loss with an epoch-by-epoch trajectory of its state."""
import copy
from dataclasses import dataclass, field, replace

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class EarlyStopping:
    monitor: str = "val_loss"
    mode: str = "min"
    patience: int = 2
    min_delta: float = 1e-4
    best: float = float("inf")
    best_epoch: int = -1
    wait: int = 0
    stopped_epoch: int = -1
    trajectory: list = field(default_factory=list)

    def __post_init__(self):
        if self.mode == "max" and self.best == float("inf"):
            self.best = -self.best

    def improved(self, value):
        if self.mode == "min":
            return value < self.best - self.min_delta
        return value > self.best + self.min_delta

    def step(self, epoch, metrics):
        value = metrics[self.monitor]
        if self.improved(value):
            self.best, self.best_epoch, self.wait = value, epoch, 0
        else:
            self.wait += 1
        self.trajectory.append(replace(self))  # cycle
        if self.wait >= self.patience:
            self.stopped_epoch = epoch
            return True
        return False

    def summary(self):
        return [(s.best_epoch, round(s.best, 4), s.wait) for s in self.trajectory]


def evaluate(model, data):
    model.eval()
    with torch.no_grad():
        x, y = data
        return {"val_loss": F.mse_loss(model(x), y).item()}


def fit(model, data, stopper, max_epochs=8):
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    best_state = None
    for epoch in range(max_epochs):
        model.train()
        for _ in range(3):
            x = torch.randn(32, 5)
            loss = F.mse_loss(model(x), x[:, :1] * 2.0)
            opt.zero_grad()
            loss.backward()
            opt.step()
        metrics = evaluate(model, data)
        stop = stopper.step(epoch, metrics)
        if stopper.best_epoch == epoch:
            best_state = copy.deepcopy(model.state_dict())
        if stop:
            break
    model.load_state_dict(best_state)
    return stopper


def main():
    torch.manual_seed(3)
    val_x = torch.randn(64, 5)
    val = (val_x, val_x[:, :1] * 2.0)
    for patience in (1, 2):
        model = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 1))
        stopper = fit(model, val, EarlyStopping(patience=patience))
        print(f"patience={patience}: best epoch {stopper.best_epoch}, trajectory {stopper.summary()}")


if __name__ == "__main__":
    main()
