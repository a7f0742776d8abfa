"""Event-bus plugins; a warm-up plugin unsubscribes itself once the backbone is unfrozen."""
import collections

import torch
import torch.nn as nn


class EventBus:
    def __init__(self):
        self._subscribers = collections.defaultdict(list)

    def on(self, event, callback):
        self._subscribers[event].append(callback)

        def unsubscribe():  # cycle
            if callback in self._subscribers[event]:
                self._subscribers[event].remove(callback)

        return unsubscribe

    def emit(self, event, **payload):
        for callback in list(self._subscribers[event]):
            callback(**payload)


class BackboneWarmup:
    """Trains only the head for the first steps, then unfreezes the backbone."""

    def __init__(self, backbone, warmup_steps):
        self.backbone = backbone
        self.warmup_steps = warmup_steps
        self.backbone.requires_grad_(False)

    def subscribe(self, bus):
        self._unsubscribe = bus.on("step_end", self.on_step_end)  # cycle

    def on_step_end(self, step, **_):
        if step + 1 >= self.warmup_steps:
            self.backbone.requires_grad_(True)
            self._unsubscribe()


class LossCurve:
    def __init__(self):
        self.points = []

    def subscribe(self, bus):
        bus.on("step_end", self.record)

    def record(self, step, loss, **_):
        self.points.append((step, loss))


class Net(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(10, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU())
        self.head = nn.Linear(width, 2)

    def forward(self, x):
        return self.head(self.backbone(x))


def train(width, steps=6):
    model = Net(width)
    bus = EventBus()
    curve = LossCurve()
    for plugin in (BackboneWarmup(model.backbone, warmup_steps=3), curve):
        plugin.subscribe(bus)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    g = torch.Generator().manual_seed(width)
    for step in range(steps):
        x = torch.randn(16, 10, generator=g)
        loss = nn.functional.cross_entropy(model(x), (x.sum(1) > 0).long())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        bus.emit("step_end", step=step, loss=loss.item())
    return curve.points[-1][1]


def main():
    print({w: round(train(w), 4) for w in (8, 16, 32)})


if __name__ == "__main__":
    main()
