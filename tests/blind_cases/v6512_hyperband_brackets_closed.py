"""Hyperband over a small MLP with resumable bracket generators, closed when the budget runs out."""
import math
import random
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"max_resource": 9, "eta": 3, "budget": 40, "seed": 0}
_DONE = object()


@dataclass
class Trial:
    number: int
    params: dict
    checkpoint: dict = None
    scores: list = field(default_factory=list)


@dataclass
class Job:
    bracket: int
    trial: Trial
    resource: int


class HyperBand:
    def __init__(self, space, max_resource, eta, seed):
        self.space = space
        self.max_resource = max_resource
        self.eta = eta
        self.rng = random.Random(seed)
        self._count = 0
        s_max = int(math.log(max_resource) / math.log(eta) + 1e-9)
        self._brackets = [self._bracket(s, s_max) for s in range(s_max, -1, -1)]
        self._next = [None] * len(self._brackets)
        self._turn = 0

    def _sample(self):
        params = {name: self.rng.choice(choices) for name, choices in self.space.items()}
        self._count += 1
        return Trial(self._count - 1, params)

    def _bracket(self, s, s_max):
        n = math.ceil((s_max + 1) / (s + 1) * self.eta ** s)
        trials = [self._sample() for _ in range(n)]
        for i in range(s + 1):
            resource = round(self.max_resource * self.eta ** (i - s))
            for trial in trials:
                score = yield trial, resource
                trial.scores.append(score)
            keep = max(1, len(trials) // self.eta)
            trials = sorted(trials, key=lambda t: t.scores[-1])[:keep]

    def ask(self):
        for _ in range(len(self._brackets)):
            b = self._turn % len(self._brackets)
            self._turn += 1
            pending = self._next[b]
            if pending is _DONE:
                continue
            if pending is None:
                try:
                    pending = self._next[b] = next(self._brackets[b])
                except StopIteration:
                    self._next[b] = _DONE
                    continue
            trial, resource = pending
            return Job(b, trial, resource)
        return None

    def close(self):
        for bracket in self._brackets:
            bracket.close()
        self._next = [_DONE] * len(self._brackets)

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()
        return False

    def tell(self, job, score):
        try:
            self._next[job.bracket] = self._brackets[job.bracket].send(score)
        except StopIteration:
            self._next[job.bracket] = _DONE


def train(trial, epochs, data):
    p = trial.params
    model = nn.Sequential(nn.Linear(4, p["width"]), nn.ReLU(), nn.Linear(p["width"], 1))
    if trial.checkpoint is not None:
        model.load_state_dict(trial.checkpoint)
    opt = torch.optim.SGD(model.parameters(), lr=p["lr"])
    x, y = data
    for _ in range(epochs):
        for xb, yb in zip(x.split(32), y.split(32)):
            loss = F.mse_loss(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
    trial.checkpoint = {k: v.detach().clone() for k, v in model.state_dict().items()}
    with torch.no_grad():
        return F.mse_loss(model(x), y).item()


def main():
    torch.manual_seed(CONFIG["seed"])
    x = torch.randn(64, 4)
    y = torch.sin(x).sum(dim=1, keepdim=True)
    space = {"width": [8, 16, 32], "lr": [0.3, 0.1, 0.03, 0.01]}
    used, best = 0, (float("inf"), None)
    with HyperBand(space, CONFIG["max_resource"], CONFIG["eta"], CONFIG["seed"]) as hb:
        while used < CONFIG["budget"]:
            job = hb.ask()
            if job is None:
                break
            score = train(job.trial, job.resource, (x, y))
            used += job.resource
            hb.tell(job, score)
            best = min(best, (score, job.trial.number), key=lambda b: b[0])
    print(f"used {used} epochs, best trial {best[1]} mse={best[0]:.4f}")


if __name__ == "__main__":
    main()
