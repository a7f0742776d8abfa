"""TPE search over optimiser hyperparameters of a small classifier."""
from dataclasses import dataclass, field

import torch
import torch.nn as nn

from tpe import TPESampler

SPACE = {"lr": (1e-3, 3e-1, True), "momentum": (0.0, 0.95, False), "weight_decay": (1e-6, 1e-2, True)}


@dataclass(eq=False)
class Trial:
    number: int
    params: dict = field(default_factory=dict)
    value: float = float("inf")
    model: nn.Module = None
    context: dict = field(default_factory=dict)


def make_data(seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(256, 12, generator=g)
    y = (x[:, :4].sum(1) > 0).long() + (x[:, 4] > 1).long()
    return x[:192], y[:192], x[192:], y[192:]


def objective(trial, data, epochs=3):
    x, y, vx, vy = data
    model = nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Linear(24, 3))
    opt = torch.optim.SGD(model.parameters(), lr=trial.params["lr"],
                          momentum=trial.params["momentum"], weight_decay=trial.params["weight_decay"])
    for _ in range(epochs):
        for i in range(0, x.shape[0], 48):
            loss = nn.functional.cross_entropy(model(x[i:i + 48]), y[i:i + 48])
            opt.zero_grad()
            loss.backward()
            opt.step()
    trial.model = model
    with torch.no_grad():
        return nn.functional.cross_entropy(model(vx), vy).item()


def main():
    torch.manual_seed(0)
    data = make_data(0)
    sampler = TPESampler(SPACE, seed=2)
    trials = []
    for number in range(8):
        trial = Trial(number)
        trial.params = sampler.suggest(trial)
        trial.value = objective(trial, data)
        sampler.tell(trial)
        trials.append(trial)
    best = min(trials, key=lambda t: t.value)
    print(f"best #{best.number}: {best.value:.4f} " + ", ".join(f"{k}={v:.3g}" for k, v in best.params.items()))


if __name__ == "__main__":
    main()
