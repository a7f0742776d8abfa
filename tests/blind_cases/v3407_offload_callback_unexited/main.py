"""Minimal step-budgeted trainer with callbacks, used for a short learning-rate sweep."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from callbacks import ActivationPrecision, Throughput


class Trainer:
    def __init__(self, model, lr, callbacks=(), max_epochs=3, max_steps=None, batch_size=8):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.callbacks = list(callbacks)
        self.max_epochs = max_epochs
        self.max_steps = max_steps
        self.batch_size = batch_size
        self.global_step = 0
        self.metrics = {}
        for cb in self.callbacks:
            cb.setup(self)

    def _call(self, hook, *args):
        for cb in self.callbacks:
            getattr(cb, hook)(self, *args)

    def _batches(self, n=4):
        for _ in range(n):
            yield torch.randn(self.batch_size, 10), torch.randint(0, 3, (self.batch_size,))

    def fit(self):
        for epoch in range(self.max_epochs):
            self._call("on_train_epoch_start")
            for x, y in self._batches():
                loss = F.cross_entropy(self.model(x), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                self.global_step += 1
                self._call("on_train_batch_end", loss.item())
                if self.max_steps is not None and self.global_step >= self.max_steps:
                    return self.metrics
            self._call("on_train_epoch_end")
        return self.metrics


def build_model():
    return nn.Sequential(nn.Linear(10, 32), nn.SiLU(), nn.Linear(32, 32), nn.SiLU(), nn.Linear(32, 3))


def main():
    results = {}
    for lr in (0.1, 0.01):
        trainer = Trainer(build_model(), lr, callbacks=[Throughput(), ActivationPrecision()],
                          max_epochs=3, max_steps=6)
        trainer.fit()
        results[lr] = trainer.global_step
    with torch.no_grad():
        probe = build_model()(torch.randn(2, 10))
    return results, probe.shape


if __name__ == "__main__":
    main()
