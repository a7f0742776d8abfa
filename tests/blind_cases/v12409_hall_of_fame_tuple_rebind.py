"""Steady-state GA over tiny MLP classifiers, one independent run per seed, each with its own hall of fame."""
import bisect
import copy
import itertools
import random

import torch
import torch.nn as nn

RUN = {"seeds": (0, 1), "pop": 6, "generations": 5, "mut_sigma": 0.05, "hof_size": 3}
_uids = itertools.count()


class Individual:
    def __init__(self, net, parent=None):
        self.uid = next(_uids)
        self.net = net
        self.parent_uid = parent.uid if parent is not None else None
        self.fitness = None

    @torch.no_grad()
    def evaluate(self, x, y):
        self.fitness = (self.net(x).argmax(1) == y).float().mean().item()
        return self.fitness

    def mutated(self, sigma, gen):
        child = copy.deepcopy(self.net)
        with torch.no_grad():
            for p in child.parameters():
                p.add_(torch.randn(p.shape, generator=gen) * sigma)
        return Individual(child, parent=self)


class HallOfFame:
    maxsize = 5
    entries = ()

    def __init__(self, maxsize=None):
        if maxsize is not None:
            self.maxsize = maxsize

    def __len__(self):
        return len(self.entries)

    def update(self, population):
        seen = {ind.uid for ind in self.entries}
        merged = list(self.entries)
        for ind in population:
            if ind.uid in seen:
                continue
            bisect.insort(merged, ind, key=lambda e: -e.fitness)
            seen.add(ind.uid)
        self.entries = tuple(merged[:self.maxsize])

    def best(self):
        return self.entries[0]


def make_data(seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(96, 6, generator=g)
    y = ((x[:, 0] + x[:, 1] * x[:, 2]) > 0).long()
    return x, y


def evolve(seed):
    rng = random.Random(seed)
    gen = torch.Generator().manual_seed(seed)
    torch.manual_seed(seed)
    x, y = make_data(seed)
    population = [Individual(nn.Sequential(nn.Linear(6, 12), nn.Tanh(), nn.Linear(12, 2))) for _ in range(RUN["pop"])]
    hof = HallOfFame(RUN["hof_size"])
    for ind in population:
        ind.evaluate(x, y)
    for _ in range(RUN["generations"]):
        hof.update(population)
        parent = max(rng.sample(population, 3), key=lambda ind: ind.fitness)
        child = parent.mutated(RUN["mut_sigma"], gen)
        child.evaluate(x, y)
        worst = min(range(len(population)), key=lambda i: population[i].fitness)
        population[worst] = child
    hof.update(population)
    return hof.best().fitness, len(hof)


def main():
    for seed in RUN["seeds"]:
        best, kept = evolve(seed)
        print(f"seed {seed}: best acc {best:.3f} ({kept} in hall of fame)")


if __name__ == "__main__":
    main()
