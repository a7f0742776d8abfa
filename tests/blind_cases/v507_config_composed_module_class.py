"""Config-driven model builder that mixes optional behaviours into a base module."""
import time

import torch
import torch.nn as nn


class TimingMixin:
    def forward(self, x):
        t0 = time.perf_counter()
        out = super().forward(x)
        self.forward_ms = getattr(self, "forward_ms", 0.0) + 1e3 * (time.perf_counter() - t0)
        return out


class InputNormMixin:
    def forward(self, x):
        x = (x - x.mean(dim=0, keepdim=True)) / (x.std(dim=0, keepdim=True) + 1e-5)
        return super().forward(x)


class MLP(nn.Module):
    def __init__(self, in_dim, hidden, out_dim):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, hidden)
        self.fc2 = nn.Linear(hidden, out_dim)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


MIXINS = {"timing": TimingMixin, "input_norm": InputNormMixin}
BASES = {"mlp": MLP}


def build_model(cfg):
    base = BASES[cfg["arch"]]
    mixins = tuple(MIXINS[name] for name in cfg.get("mixins", ()))
    if not mixins:
        return base(**cfg["kwargs"])
    name = base.__name__ + "".join(m.__name__.replace("Mixin", "") for m in mixins)
    cls = type(name, mixins + (base,), {"config": dict(cfg)})  # cycle
    return cls(**cfg["kwargs"])


def fit(model, steps=3):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for _ in range(steps):
        x = torch.randn(32, 5) * 3 + 1
        y = (x[:, 0] > 1).long()
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    configs = [
        {"arch": "mlp", "mixins": ["timing"], "kwargs": {"in_dim": 5, "hidden": 16, "out_dim": 2}},
        {"arch": "mlp", "mixins": ["input_norm", "timing"], "kwargs": {"in_dim": 5, "hidden": 8, "out_dim": 2}},
    ]
    for cfg in configs:
        model = build_model(cfg)
        loss = fit(model)
        assert loss == loss and getattr(model, "forward_ms", 0.0) >= 0.0


if __name__ == "__main__":
    main()
