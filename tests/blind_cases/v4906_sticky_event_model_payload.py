"""Trainer with its own event bus; plugins can be attached after fit has started."""
from collections import defaultdict
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class RunConfigured:
    model: nn.Module
    max_epochs: int


@dataclass
class EpochEnded:
    epoch: int
    train_loss: float


class EventBus:
    def __init__(self):
        self._subs = defaultdict(list)
        self._sticky = {}

    def subscribe(self, event_type, handler, replay=True):
        self._subs[event_type].append(handler)
        if replay and event_type in self._sticky:
            handler(self._sticky[event_type])

    def publish(self, event, sticky=False):
        if sticky:
            self._sticky[type(event)] = event
        for handler in list(self._subs.get(type(event), ())):
            handler(event)


class WeightAverager:
    def __init__(self, decay=0.5):
        self.decay = decay
        self.model = None
        self.shadow = None

    def attach(self, bus):
        bus.subscribe(RunConfigured, self.on_configured)
        bus.subscribe(EpochEnded, self.on_epoch_ended)

    def on_configured(self, event):
        self.model = event.model
        self.shadow = [p.detach().clone() for p in event.model.parameters()]

    @torch.no_grad()
    def on_epoch_ended(self, event):
        for s, p in zip(self.shadow, self.model.parameters()):
            s.mul_(self.decay).add_(p, alpha=1 - self.decay)


class Trainer:
    def __init__(self, model, lr, late_plugins=()):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        self.events = EventBus()
        self.late_plugins = list(late_plugins)

    def fit(self, batches, max_epochs):
        self.events.publish(RunConfigured(model=self.model, max_epochs=max_epochs), sticky=True)
        losses = []
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
            losses.append(total / len(batches))
            self.events.publish(EpochEnded(epoch=epoch, train_loss=losses[-1]))
        return losses


def make_batches(seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(64, 6, generator=g)
    y = x @ torch.randn(6, 1, generator=g)
    return list(zip(x.split(16), y.split(16)))


def main():
    finals = []
    for seed in range(3):
        averager = WeightAverager()
        trainer = Trainer(nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1)), lr=1e-2,
                          late_plugins=[averager])
        finals.append(trainer.fit(make_batches(seed), max_epochs=3)[-1])
    print("final losses:", [round(v, 4) for v in finals])


if __name__ == "__main__":
    main()
