"""Regression trainer whose logging and early stopping hang off an event bus."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from events import EventBus


class EarlyStopping:
    def __init__(self, patience):
        self.patience = patience
        self.best = float("inf")
        self.bad_epochs = 0
        self.should_stop = False

    def on_epoch_end(self, epoch, val_loss):
        if val_loss < self.best - 1e-4:
            self.best, self.bad_epochs = val_loss, 0
        else:
            self.bad_epochs += 1
            self.should_stop = self.bad_epochs >= self.patience


class Trainer:
    def __init__(self, model, lr, patience=2):
        self.model = model
        self.opt = torch.optim.AdamW(model.parameters(), lr=lr)
        self.bus = EventBus()  # cycle
        self.stopper = EarlyStopping(patience)
        self.history = []
        self.bus.subscribe("epoch_end", self._record)  # cycle
        self.bus.subscribe("epoch_end", self.stopper.on_epoch_end)

    def _record(self, epoch, val_loss):
        self.history.append((epoch, val_loss))

    def fit(self, data, epochs):
        x, y, xv, yv = data
        for epoch in range(epochs):
            for i in range(0, len(x), 16):
                loss = F.mse_loss(self.model(x[i:i + 16]), y[i:i + 16])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            with torch.no_grad():
                val = F.mse_loss(self.model(xv), yv).item()
            self.bus.emit("epoch_end", epoch=epoch, val_loss=val)
            if self.stopper.should_stop:
                break
        return self.history


def make_data(seed):
    g = torch.Generator().manual_seed(seed)
    w = torch.randn(6, 1, generator=g)
    x = torch.randn(64, 6, generator=g)
    xv = torch.randn(32, 6, generator=g)
    return x, x @ w, xv, xv @ w


def main():
    for fold in range(3):
        torch.manual_seed(fold)
        model = nn.Sequential(nn.Linear(6, 16), nn.SiLU(), nn.Linear(16, 1))
        trainer = Trainer(model, lr=3e-3)
        history = trainer.fit(make_data(fold), epochs=4)
        print("fold", fold, "best val %.4f" % min(v for _, v in history))


if __name__ == "__main__":
    main()
