"""Random search driven through a process-wide ask/tell coroutine sampler."""
import math
import random
from dataclasses import dataclass, field

import torch
import torch.nn as nn

SPACE = {
    "lr": ("log", 1e-3, 1e-1),
    "hidden": ("int", 8, 48),
    "dropout": ("float", 0.0, 0.4),
    "weight_decay": ("log", 1e-6, 1e-3),
}


@dataclass
class TrialResult:
    config: dict
    score: float
    model: nn.Module
    curve: list = field(default_factory=list)


def _draw(rng, kind, low, high):
    if kind == "log":
        return math.exp(rng.uniform(math.log(low), math.log(high)))
    if kind == "int":
        return rng.randint(low, high)
    return rng.uniform(low, high)


def random_search(space, seed=0):
    rng = random.Random(seed)
    best = math.inf
    while True:
        config = {name: _draw(rng, *spec) for name, spec in space.items()}
        result = yield config  # retain
        if result.score < best:
            best = result.score
            print(f"  new best {best:.4f} with {config}")


class AskTell:
    def __init__(self, space, seed):
        self._gen = random_search(space, seed)
        self._next = next(self._gen)

    def ask(self):
        return dict(self._next)

    def tell(self, result):
        self._next = self._gen.send(result)  # retain


TUNER = AskTell(SPACE, seed=17)


def run_trial(config, data, epochs=4):
    x, y, vx, vy = data
    model = nn.Sequential(nn.Linear(x.shape[1], config["hidden"]), nn.ReLU(),
                          nn.Dropout(config["dropout"]), nn.Linear(config["hidden"], 2))
    opt = torch.optim.AdamW(model.parameters(), lr=config["lr"], weight_decay=config["weight_decay"])
    curve = []
    for epoch in range(epochs):
        model.train()
        for i in range(0, x.shape[0], 32):
            loss = nn.functional.cross_entropy(model(x[i:i + 32]), y[i:i + 32])
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            curve.append(nn.functional.cross_entropy(model(vx), vy).item())
    return TrialResult(config=config, score=min(curve), model=model, curve=curve)


def main():
    torch.manual_seed(0)
    x = torch.randn(192, 10)
    y = (x[:, 0] * x[:, 1] > 0).long()
    vx = torch.randn(96, 10)
    vy = (vx[:, 0] * vx[:, 1] > 0).long()
    for trial in range(5):
        config = TUNER.ask()
        result = run_trial(config, (x, y, vx, vy))
        TUNER.tell(result)
        print(f"trial {trial}: score={result.score:.4f}")


if __name__ == "__main__":
    main()
