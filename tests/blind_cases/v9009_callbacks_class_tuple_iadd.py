"""Trainer whose class-level default callbacks are extended with the user's callbacks."""
import copy

import torch
import torch.nn as nn


class Callback:
    priority = 0

    def on_epoch_end(self, trainer, epoch, metrics):
        pass


class ProgressPrinter(Callback):
    priority = -100

    def __init__(self, every=1):
        self.every = every

    def on_epoch_end(self, trainer, epoch, metrics):
        if epoch % self.every == 0:
            print(f"[{trainer.name}] epoch {epoch}: " +
                  " ".join(f"{k}={v:.4f}" for k, v in metrics.items()))


class BestModelCheckpoint(Callback):
    priority = 10

    def __init__(self, monitor="val_loss"):
        self.monitor = monitor
        self.best_score = float("inf")
        self.best_model = None
        self.best_epoch = -1

    def on_epoch_end(self, trainer, epoch, metrics):
        score = metrics[self.monitor]
        if score < self.best_score:
            self.best_score = score
            self.best_epoch = epoch
            self.best_model = copy.deepcopy(trainer.model)


class LRRecorder(Callback):
    def __init__(self):
        self.history = []

    def on_epoch_end(self, trainer, epoch, metrics):
        self.history.append([group["lr"] for group in trainer.optimizer.param_groups])


class Trainer:
    callbacks = (ProgressPrinter(every=2),)
    max_epochs = 4

    def __init__(self, name, model, callbacks=(), **overrides):
        self.name = name
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=overrides.pop("lr", 0.05))
        self.__dict__.update(overrides)
        self.callbacks += tuple(callbacks)
        self.callbacks = tuple(sorted(self.callbacks, key=lambda cb: -cb.priority))

    def _step(self, x, y):
        loss = nn.functional.cross_entropy(self.model(x), y)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def fit(self, train, val):
        for epoch in range(self.max_epochs):
            self.model.train()
            train_loss = sum(self._step(x, y) for x, y in train) / len(train)
            self.model.eval()
            with torch.no_grad():
                val_loss = sum(nn.functional.cross_entropy(self.model(x), y).item()
                               for x, y in val) / len(val)
            metrics = {"loss": train_loss, "val_loss": val_loss}
            for cb in self.callbacks:
                cb.on_epoch_end(self, epoch, metrics)


def main():
    torch.manual_seed(0)
    data = [(torch.randn(32, 10), torch.randint(0, 3, (32,))) for _ in range(5)]
    train, val = data[:4], data[4:]
    for width in (24, 48):
        model = nn.Sequential(nn.Linear(10, width), nn.ReLU(), nn.Linear(width, 3))
        ckpt = BestModelCheckpoint()
        trainer = Trainer(f"mlp{width}", model, [ckpt, LRRecorder()], max_epochs=3)
        trainer.fit(train, val)
        print(f"mlp{width}: best val_loss {ckpt.best_score:.4f} at epoch {ckpt.best_epoch}")


if __name__ == "__main__":
    main()
