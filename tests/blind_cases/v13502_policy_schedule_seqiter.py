"""Epoch-indexed augmentation schedule: one sub-policy per epoch with a warm-up magnitude ramp."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

SUBPOLICIES = [
    [("shift", 0.8, 2.0), ("noise", 0.5, 0.10)],
    [("erase", 0.6, 4.0), ("flip", 0.5, 1.0)],
    [("noise", 0.7, 0.20), ("shift", 0.4, 1.0)],
]

RUNS = [{"epochs": 3, "warmup": 1}, {"epochs": 3, "warmup": 2}, {"epochs": 3, "warmup": 3}]


class PolicySchedule:
    def __init__(self, subpolicies, epochs, warmup):
        self.subpolicies = subpolicies
        self.epochs = epochs
        self.warmup = warmup
        self.current = []
        self._cursor = iter(self)  # cycle

    def __len__(self):
        return self.epochs

    def __getitem__(self, epoch):
        if not 0 <= epoch < self.epochs:
            raise IndexError(epoch)
        ramp = min(1.0, (epoch + 1) / self.warmup)
        sub = self.subpolicies[epoch % len(self.subpolicies)]
        return [(name, prob, mag * ramp) for name, prob, mag in sub]

    def advance(self):
        self.current = next(self._cursor)
        return self.current


class ScheduledAugment:
    def __init__(self, schedule, seed):
        self.schedule = schedule
        self.rng = random.Random(seed)

    def _apply(self, name, x, mag):
        if name == "shift":
            d = max(1, int(mag))
            return torch.roll(x, shifts=self.rng.randint(-d, d), dims=-1)
        if name == "noise":
            return x + mag * torch.randn_like(x)
        if name == "flip":
            return x.flip(-1)
        if name == "erase":
            x = x.clone()
            start = self.rng.randrange(0, x.shape[-1] - int(mag))
            x[..., start:start + int(mag)] = 0.0
            return x
        raise KeyError(name)

    def __call__(self, x):
        for name, prob, mag in self.schedule.current:
            if self.rng.random() < prob:
                x = self._apply(name, x, mag)
        return x


def make_batches(n_batches, batch_size, seed):
    g = torch.Generator().manual_seed(seed)
    for _ in range(n_batches):
        x = torch.randn(batch_size, 1, 16, generator=g)
        yield x, (x.mean(dim=(1, 2)) > 0).long()


def train_run(run, seed):
    model = nn.Sequential(nn.Conv1d(1, 4, 3, padding=1), nn.ReLU(), nn.Flatten(), nn.Linear(64, 2))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    schedule = PolicySchedule(SUBPOLICIES, run["epochs"], run["warmup"])
    augment = ScheduledAugment(schedule, seed)
    for epoch in range(run["epochs"]):
        schedule.advance()
        for x, y in make_batches(3, 8, seed * 100 + epoch):
            loss = F.cross_entropy(model(augment(x)), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    results = [train_run(run, seed) for seed, run in enumerate(RUNS)]
    print("final losses", [round(r, 3) for r in results])


if __name__ == "__main__":
    main()
