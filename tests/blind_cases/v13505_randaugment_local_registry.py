"""RandAugment (N, M) grid search: each trial builds its own op table and trains a small CNN."""
import itertools
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

GRID = {"num_ops": [1, 2], "magnitude": [3, 9]}
TRAIN = {"steps": 3, "batch_size": 8, "lr": 0.05}


class RandAugment:
    def __init__(self, ops, num_ops, magnitude, rng):
        self.ops = ops
        self.num_ops = num_ops
        self.magnitude = magnitude
        self.rng = rng

    def __call__(self, img):
        for name in self.rng.sample(sorted(self.ops), self.num_ops):
            img = self.ops[name](img, self.magnitude / 10.0)
        return img


def build_rand_augment(num_ops, magnitude, seed, exclude=()):
    rng = random.Random(seed)
    ops = {}

    def register(name):
        def deco(fn):
            if name not in exclude:
                ops[name] = fn  # cycle
            return fn
        return deco

    @register("identity")
    def identity(x, m):
        return x

    @register("brightness")
    def brightness(x, m):
        return (x + m * rng.uniform(-0.3, 0.3)).clamp(0, 1)

    @register("translate_x")
    def translate_x(x, m):
        return torch.roll(x, shifts=int(round(m * 4)) * rng.choice((-1, 1)), dims=-1)

    @register("solarize")
    def solarize(x, m):
        return torch.where(x < 1.0 - m, x, 1.0 - x)

    @register("random_pair")
    def random_pair(x, m):  # cycle
        first, second = rng.sample([k for k in ops if k != "random_pair"], 2)
        return ops[second](ops[first](x, m), m)

    return RandAugment(ops, num_ops, magnitude, rng)


def batches(seed, n, batch_size):
    g = torch.Generator().manual_seed(seed)
    for _ in range(n):
        x = torch.rand(batch_size, 1, 12, 12, generator=g)
        yield x, (x[:, 0, :, :6].mean(dim=(1, 2)) > x[:, 0, :, 6:].mean(dim=(1, 2))).long()


def run_trial(num_ops, magnitude, seed):
    augment = build_rand_augment(num_ops, magnitude, seed)
    model = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(3),
                          nn.Flatten(), nn.Linear(36, 2))
    opt = torch.optim.SGD(model.parameters(), lr=TRAIN["lr"])
    for x, y in batches(seed, TRAIN["steps"], TRAIN["batch_size"]):
        x = torch.stack([augment(img) for img in x])
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        x_val, y_val = next(batches(seed + 1000, 1, 16))
        return (model(x_val).argmax(1) == y_val).float().mean().item()


def main():
    results = {}
    for seed, (n, m) in enumerate(itertools.product(GRID["num_ops"], GRID["magnitude"])):
        results[(n, m)] = run_trial(n, m, seed)
    best = max(results, key=results.get)
    print(f"best (N, M) = {best}, acc = {results[best]:.2f}")


if __name__ == "__main__":
    main()
