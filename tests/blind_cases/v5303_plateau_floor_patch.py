"""Linear warm-up followed by ReduceLROnPlateau, with per-group LR floors and an LR-change log."""
import torch
import torch.nn as nn
from torch.optim.lr_scheduler import LambdaLR, ReduceLROnPlateau

SWEEP = [
    {"lr": 0.05, "warmup_steps": 4, "factor": 0.5, "patience": 0, "floor": 1e-3},
    {"lr": 0.10, "warmup_steps": 2, "factor": 0.3, "patience": 1, "floor": 5e-3},
]
EPOCHS = 4
STEPS_PER_EPOCH = 3


class WarmupThenPlateau:
    """Steps a warm-up schedule per batch, then a plateau schedule per validation."""

    def __init__(self, optimizer, warmup_steps, factor, patience, floor):
        self.optimizer = optimizer
        self.warmup_steps = warmup_steps
        self.floors = [floor * g["lr"] / optimizer.defaults["lr"] for g in optimizer.param_groups]
        self.changes = []
        self.batch_step = 0
        self.warmup = LambdaLR(optimizer, lambda s: min(1.0, (s + 1) / warmup_steps))
        self.plateau = ReduceLROnPlateau(optimizer, mode="min", factor=factor, patience=patience)  # cycle
        self.plateau._reduce_lr = self._reduce_lr_with_floor  # cycle

    def _reduce_lr_with_floor(self, epoch):
        for i, group in enumerate(self.optimizer.param_groups):
            old_lr = float(group["lr"])
            new_lr = max(old_lr * self.plateau.factor, self.floors[i])
            if old_lr - new_lr > self.plateau.eps:
                group["lr"] = new_lr
                self.changes.append((epoch, i, old_lr, new_lr))

    def step_batch(self):
        if self.batch_step < self.warmup_steps:
            self.warmup.step()
        self.batch_step += 1

    def step_validation(self, val_loss):
        if self.batch_step >= self.warmup_steps:
            self.plateau.step(val_loss)


def run_trial(cfg, seed):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))
    optimizer = torch.optim.SGD(
        [
            {"params": model[0].parameters()},
            {"params": model[2].parameters(), "lr": cfg["lr"] * 0.1},
        ],
        lr=cfg["lr"],
        momentum=0.9,
    )
    schedule = WarmupThenPlateau(optimizer, cfg["warmup_steps"], cfg["factor"], cfg["patience"], cfg["floor"])
    x_val, y_val = torch.randn(32, 6), torch.randn(32, 1)
    for epoch in range(EPOCHS):
        model.train()
        for _ in range(STEPS_PER_EPOCH):
            x, y = torch.randn(16, 6), torch.randn(16, 1)
            loss = nn.functional.mse_loss(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            schedule.step_batch()
        model.eval()
        with torch.no_grad():
            val_loss = nn.functional.mse_loss(model(x_val), y_val).item()
        schedule.step_validation(val_loss)
    return val_loss, schedule.changes


def main():
    for i, cfg in enumerate(SWEEP):
        val_loss, changes = run_trial(cfg, seed=i)
        print(f"trial {i}: val loss {val_loss:.3f}, {len(changes)} LR reductions")


if __name__ == "__main__":
    main()
