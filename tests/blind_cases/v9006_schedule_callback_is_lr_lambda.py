"""Callback-driven trainer where the LR schedule callback doubles as the LambdaLR multiplier."""
import math

import torch
import torch.nn as nn
from torch.optim.lr_scheduler import LambdaLR


class Callback:
    order = 0

    def on_fit_start(self, trainer):
        pass

    def on_step_end(self, trainer):
        pass

    def on_fit_end(self, trainer):
        pass


class WarmupCosineSchedule(Callback):
    order = 20

    def __init__(self, warmup_steps, total_steps, min_factor=0.05):
        self.warmup_steps = warmup_steps
        self.total_steps = total_steps
        self.min_factor = min_factor
        self.scheduler = None
        self.lrs = []

    def __call__(self, step):
        if step < self.warmup_steps:
            return (step + 1) / self.warmup_steps
        progress = (step - self.warmup_steps) / max(1, self.total_steps - self.warmup_steps)
        cosine = 0.5 * (1.0 + math.cos(math.pi * min(1.0, progress)))
        return self.min_factor + (1.0 - self.min_factor) * cosine

    def on_fit_start(self, trainer):
        self.scheduler = LambdaLR(trainer.optimizer, lr_lambda=self)  # cycle

    def on_step_end(self, trainer):
        self.scheduler.step()
        self.lrs.append(self.scheduler.get_last_lr()[0])


class MetricAverager(Callback):
    order = 10

    def __init__(self, window=4):
        self.window = window
        self.values = []

    def on_step_end(self, trainer):
        self.values.append(trainer.last_loss)
        self.values = self.values[-self.window:]
        trainer.smoothed_loss = sum(self.values) / len(self.values)


class Trainer:
    def __init__(self, model, callbacks, lr=1e-2, epochs=2):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01)
        self.callbacks = sorted(callbacks, key=lambda cb: cb.order)
        self.epochs = epochs
        self.last_loss = None
        self.smoothed_loss = None

    def call(self, hook):
        for cb in self.callbacks:
            getattr(cb, hook)(self)

    def fit(self, batches):
        self.call("on_fit_start")
        for _ in range(self.epochs):
            for x, y in batches:
                loss = nn.functional.mse_loss(self.model(x).squeeze(-1), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                self.last_loss = loss.item()
                self.call("on_step_end")
        self.call("on_fit_end")
        return self.smoothed_loss


def main():
    torch.manual_seed(0)
    batches = [(torch.randn(32, 5), torch.randn(32)) for _ in range(5)]
    for hidden in (8, 16, 32):
        model = nn.Sequential(nn.Linear(5, hidden), nn.SiLU(), nn.Linear(hidden, 1))
        schedule = WarmupCosineSchedule(warmup_steps=3, total_steps=2 * len(batches))
        trainer = Trainer(model, [schedule, MetricAverager()])
        smoothed = trainer.fit(batches)
        print(f"hidden={hidden}: smoothed loss {smoothed:.4f}, final lr {schedule.lrs[-1]:.5f}")


if __name__ == "__main__":
    main()
