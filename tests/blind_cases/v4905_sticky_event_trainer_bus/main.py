"""Trainer with its own event bus; plugins can be attached after fit has started."""
import torch
import torch.nn as nn

from events import EpochEnded, EventBus, FitStarted


class ProgressPlugin:
    def __init__(self):
        self.total = None
        self.lines = []

    def attach(self, bus):
        bus.subscribe(FitStarted, self.on_fit_started)
        bus.subscribe(EpochEnded, self.on_epoch_ended)

    def on_fit_started(self, event):
        self.total = event.max_epochs

    def on_epoch_ended(self, event):
        self.lines.append("epoch %d/%s loss=%.4f" % (event.epoch + 1, self.total, event.train_loss))


class Trainer:
    def __init__(self, model, lr, late_plugins=()):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        self.events = EventBus()  # cycle
        self.late_plugins = list(late_plugins)

    def fit(self, batches, max_epochs):
        self.events.publish(FitStarted(trainer=self, max_epochs=max_epochs), sticky=True)  # cycle
        for epoch in range(max_epochs):
            if epoch == 1:
                for plugin in self.late_plugins:
                    plugin.attach(self.events)
            total = 0.0
            for x, y in batches:
                loss = nn.functional.mse_loss(self.model(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                total += loss.item()
            self.events.publish(EpochEnded(epoch=epoch, train_loss=total / len(batches)))


def make_batches(seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(64, 6, generator=g)
    y = x @ torch.randn(6, 1, generator=g)
    return list(zip(x.split(16), y.split(16)))


def main():
    logs = []
    for seed in range(3):
        plugin = ProgressPlugin()
        trainer = Trainer(nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1)), lr=1e-2,
                          late_plugins=[plugin])
        trainer.fit(make_batches(seed), max_epochs=3)
        logs.extend(plugin.lines)
    print("\n".join(logs))


if __name__ == "__main__":
    main()
