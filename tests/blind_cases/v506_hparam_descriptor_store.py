"""Typed, validated hyperparameters declared on the model class and logged per run."""
import torch
import torch.nn as nn


class HParam:
    """Class-level declaration of a tunable value with a type and optional bounds."""

    def __init__(self, default, cast=float, low=None, high=None):
        self.default = default
        self.cast = cast
        self.low = low
        self.high = high
        self._values = {}

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return self._values.get(obj, self.default)

    def __set__(self, obj, value):
        value = self.cast(value)
        if self.low is not None and value < self.low:
            raise ValueError(f"{self.name}={value} below {self.low}")
        if self.high is not None and value > self.high:
            raise ValueError(f"{self.name}={value} above {self.high}")
        self._values[obj] = value  # retain


def collect_hparams(obj):
    return {name: getattr(obj, name) for name, attr in vars(type(obj)).items()
            if isinstance(attr, HParam)}


class TabularNet(nn.Module):
    lr = HParam(1e-3, low=0.0, high=1.0)
    dropout = HParam(0.1, low=0.0, high=0.9)
    hidden = HParam(32, cast=int, low=1)

    def __init__(self, in_dim, out_dim, **hparams):
        super().__init__()
        for key, value in hparams.items():
            setattr(self, key, value)
        self.net = nn.Sequential(
            nn.Linear(in_dim, self.hidden), nn.ReLU(), nn.Dropout(self.dropout),
            nn.Linear(self.hidden, out_dim))

    def forward(self, x):
        return self.net(x)

    def configure_optimizer(self):
        return torch.optim.Adam(self.parameters(), lr=self.lr)


def run(config, steps=3):
    model = TabularNet(6, 2, **config)
    opt = model.configure_optimizer()
    for _ in range(steps):
        x = torch.randn(24, 6)
        y = (x.sum(dim=1) > 0).long()
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return {"hparams": collect_hparams(model), "loss": loss.item()}


def main():
    grid = [{"lr": 1e-3, "hidden": 16}, {"lr": 3e-3, "dropout": 0.2}, {"lr": 1e-2, "hidden": 8}]
    results = [run(cfg) for cfg in grid]
    best = min(results, key=lambda r: r["loss"])
    assert set(best["hparams"]) == {"lr", "dropout", "hidden"}


if __name__ == "__main__":
    main()
