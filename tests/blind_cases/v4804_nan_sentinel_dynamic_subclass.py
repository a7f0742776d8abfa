"""Non-finite output sentinel that instruments a model by swapping in a checking subclass."""
import math

import torch
import torch.nn as nn


class NonFiniteSentinel:
    """Watches a model's outputs; records (step, stats) whenever they contain NaN/Inf."""

    def __init__(self, model, name="model", max_events=16):
        self.model = model  # cycle
        self.name = name
        self.max_events = max_events
        self.events = []
        self.calls = 0
        self._base = type(model)
        self._install()

    def _install(self):
        sentinel = self
        base = self._base

        def forward(module, *args, **kwargs):  # cycle
            out = base.forward(module, *args, **kwargs)
            sentinel.inspect(out)
            return out

        self.model.__class__ = type(f"Watched{base.__name__}", (base,), {"forward": forward})  # cycle

    def inspect(self, out):
        self.calls += 1
        with torch.no_grad():
            bad = (~torch.isfinite(out)).sum().item()
        if bad and len(self.events) < self.max_events:
            self.events.append({"call": self.calls, "bad": bad, "numel": out.numel()})

    @property
    def healthy(self):
        return not self.events


class TinyRegressor(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, 16), nn.Softplus(), nn.Linear(16, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


def train(model, sentinel, steps=4):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for step in range(steps):
        x = torch.randn(10, 8)
        if step == 2:
            x[0, 0] = math.inf
        pred = model(x)
        mask = torch.isfinite(pred)
        loss = (pred[mask] - x[mask].mean(-1)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return sentinel.healthy


def main():
    for trial in range(3):
        model = TinyRegressor()
        sentinel = NonFiniteSentinel(model, name=f"trial{trial}")
        train(model, sentinel)


if __name__ == "__main__":
    main()
