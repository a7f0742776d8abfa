"""Trainer that publishes per-batch events to meters through a signal."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from meters import EMAMeter, GradNormMeter, LRMeter
from signals import Signal


def print_every(step, loss, every=100, **_):
    if step % every == 0:
        print(f"step {step}: loss {loss:.4f}")


class Trainer:
    def __init__(self, model, lr=0.1, steps_per_epoch=4):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr)
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=steps_per_epoch, gamma=0.5)
        self.metrics = {}
        self.global_step = 0
        self.batch_end = Signal("batch_end")  # cycle
        self.batch_end.connect(print_every)
        for meter_cls, name in ((EMAMeter, "loss_ema"), (LRMeter, "lr"), (GradNormMeter, "grad_norm")):
            meter = meter_cls(name, owner=self)
            self.batch_end.connect(meter.on_batch_end)  # cycle

    def train_epoch(self, batches):
        self.model.train()
        for x, y in batches:
            loss = F.mse_loss(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.batch_end.send(step=self.global_step, loss=loss.item())
            self.optimizer.step()
            self.scheduler.step()
            self.global_step += 1
        return dict(self.metrics)


def main():
    data = [(torch.randn(8, 6), torch.randn(8, 2)) for _ in range(4)]
    history = []
    for run in range(2):
        trainer = Trainer(nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 2)))
        for epoch in range(2):
            history.append(trainer.train_epoch(data))
    assert "grad_norm" in history[-1]


if __name__ == "__main__":
    main()
