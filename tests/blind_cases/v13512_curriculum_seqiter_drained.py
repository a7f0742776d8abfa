"""Augmentation-strength curriculum: training runs stage by stage until the curriculum is exhausted."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

STAGES = [
    {"ops": ("jitter",), "magnitude": 0.05, "steps": 2},
    {"ops": ("jitter", "mask"), "magnitude": 0.10, "steps": 2},
    {"ops": ("jitter", "mask", "scale"), "magnitude": 0.20, "steps": 3},
]


class Curriculum:
    def __init__(self, stages, magnitude_mult=1.0):
        self.stages = stages
        self.magnitude_mult = magnitude_mult
        self.current = None
        self._cursor = iter(self)

    def __len__(self):
        return len(self.stages)

    def __getitem__(self, i):
        if i >= len(self.stages):
            raise IndexError(i)
        stage = dict(self.stages[i])
        stage["magnitude"] *= self.magnitude_mult
        return stage

    def next_stage(self):
        self.current = next(self._cursor, None)
        return self.current


class StageAugment:
    def __init__(self, curriculum, seed):
        self.curriculum = curriculum
        self.rng = random.Random(seed)

    def __call__(self, x):
        stage = self.curriculum.current
        m = stage["magnitude"]
        for op in stage["ops"]:
            if op == "jitter":
                x = x + m * torch.randn_like(x)
            elif op == "mask":
                start = self.rng.randrange(x.shape[-1] - 4)
                x = torch.cat([x[..., :start], torch.zeros_like(x[..., start:start + 4]), x[..., start + 4:]], -1)
            elif op == "scale":
                x = x * (1.0 + self.rng.uniform(-m, m))
        return x


def stream(seed, batch_size=8, length=20):
    g = torch.Generator().manual_seed(seed)
    while True:
        x = torch.randn(batch_size, length, generator=g)
        yield x, (x[:, : length // 2].sum(1) > x[:, length // 2:].sum(1)).long()


def run(mult, seed):
    model = nn.Sequential(nn.Linear(20, 32), nn.GELU(), nn.Linear(32, 2))
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    curriculum = Curriculum(STAGES, magnitude_mult=mult)
    augment = StageAugment(curriculum, seed)
    data = stream(seed)
    while (stage := curriculum.next_stage()) is not None:
        for _ in range(stage["steps"]):
            x, y = next(data)
            loss = F.cross_entropy(model(augment(x)), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    data.close()
    return loss.item()


def main():
    for seed, mult in enumerate((0.5, 1.0, 2.0)):
        print(f"magnitude x{mult}: final loss {run(mult, seed):.3f}")


if __name__ == "__main__":
    main()
