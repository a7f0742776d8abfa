"""Trainer whose callbacks find the active trainer through a context variable."""
import torch
import torch.nn as nn

import runctx
from hookbus import HookBus


def early_stop_on_plateau(epoch, val_loss, patience=2):
    t = runctx.trainer()
    if val_loss < t.best - 1e-4:
        t.best, t.bad_epochs = val_loss, 0
    else:
        t.bad_epochs += 1
        t.should_stop = t.bad_epochs >= patience


def log_epoch(epoch, val_loss):
    runctx.trainer().log.append("[%s] epoch %d val=%.4f" % (runctx.current_phase.get(), epoch, val_loss))


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.opt = torch.optim.RMSprop(model.parameters(), lr=lr)
        self.hooks = HookBus()  # cycle
        self.best, self.bad_epochs, self.should_stop = float("inf"), 0, False
        self.log = []

    def _evaluate(self, batches):
        with torch.no_grad():
            return sum(nn.functional.mse_loss(self.model(x), y).item() for x, y in batches) / len(batches)

    def fit(self, train, val, max_epochs):
        with runctx.active(self):
            self.hooks.on("epoch_end", early_stop_on_plateau)
            self.hooks.on("epoch_end", log_epoch)
            for epoch in range(max_epochs):
                for x, y in train:
                    loss = nn.functional.mse_loss(self.model(x), y)
                    self.opt.zero_grad()
                    loss.backward()
                    self.opt.step()
                self.hooks.emit("epoch_end", epoch=epoch, val_loss=self._evaluate(val))
                if self.should_stop:
                    break
        return self.best


def split(seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(80, 5, generator=g)
    y = torch.sin(x.sum(1, keepdim=True))
    batches = list(zip(x.split(16), y.split(16)))
    return batches[:4], batches[4:]


def main():
    scores = {}
    for width in (8, 16, 32):
        train, val = split(width)
        trainer = Trainer(nn.Sequential(nn.Linear(5, width), nn.SiLU(), nn.Linear(width, 1)), lr=5e-3)
        scores[width] = trainer.fit(train, val, max_epochs=4)
    print(scores)


if __name__ == "__main__":
    main()
