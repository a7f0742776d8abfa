"""Two-objective (validation loss, parameter count) NSGA-II search over small MLPs."""
import random
from dataclasses import dataclass, field

import torch
import torch.nn as nn


@dataclass(eq=False)
class Trial:
    number: int
    config: dict
    values: tuple = ()
    model: nn.Module = None
    rank: int = 0
    crowding: float = 0.0
    dominates: list = field(default_factory=list)
    dominated_by: list = field(default_factory=list)


def dominates(a, b):
    return all(x <= y for x, y in zip(a, b)) and any(x < y for x, y in zip(a, b))


def fast_non_dominated_sort(trials):
    for t in trials:
        t.dominates, t.dominated_by = [], []  # cycle
    for a in trials:
        for b in trials:
            if a is not b and dominates(a.values, b.values):
                a.dominates.append(b)  # cycle
                b.dominated_by.append(a)  # cycle
    remaining = {t.number: len(t.dominated_by) for t in trials}
    fronts = [[t for t in trials if remaining[t.number] == 0]]
    while fronts[-1]:
        nxt = []
        for t in fronts[-1]:
            t.rank = len(fronts) - 1
            for d in t.dominates:
                remaining[d.number] -= 1
                if remaining[d.number] == 0:
                    nxt.append(d)
        fronts.append(nxt)
    return fronts[:-1]


def assign_crowding(front):
    for t in front:
        t.crowding = 0.0
    for m in range(len(front[0].values)):
        front.sort(key=lambda t: t.values[m])
        front[0].crowding = front[-1].crowding = float("inf")
        span = (front[-1].values[m] - front[0].values[m]) or 1.0
        for i in range(1, len(front) - 1):
            front[i].crowding += (front[i + 1].values[m] - front[i - 1].values[m]) / span


def mutate(config, rng):
    child = dict(config)
    key = rng.choice(sorted(child))
    if key == "lr":
        child["lr"] = min(0.1, max(1e-3, child["lr"] * rng.choice([0.5, 2.0])))
    else:
        child[key] = max(1, child[key] + rng.choice([-1, 1]) * (4 if key == "width" else 1))
    return child


def evaluate(trial, data, steps=20):
    x, y, vx, vy = data
    cfg, layers, d = trial.config, [], x.shape[1]
    for _ in range(cfg["depth"]):
        layers += [nn.Linear(d, cfg["width"]), nn.ReLU()]
        d = cfg["width"]
    model = nn.Sequential(*layers, nn.Linear(d, 1))
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for _ in range(steps):
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        val = nn.functional.mse_loss(model(vx), vy).item()
    trial.model = model
    trial.values = (val, float(sum(p.numel() for p in model.parameters())))


def main():
    rng = random.Random(4)
    torch.manual_seed(4)
    x, vx = torch.randn(128, 6), torch.randn(64, 6)
    data = (x, x.pow(2).sum(1, keepdim=True), vx, vx.pow(2).sum(1, keepdim=True))
    pop_size, counter = 6, 0
    population = []
    for _ in range(pop_size):
        cfg = {"width": rng.choice([4, 8, 16, 32]), "depth": rng.randint(1, 3), "lr": rng.choice([3e-3, 1e-2, 3e-2])}
        population.append(Trial(counter, cfg))
        counter += 1
    for t in population:
        evaluate(t, data)
    for generation in range(2):
        offspring = []
        for _ in range(pop_size):
            parent = min(rng.sample(population, 2), key=lambda t: (t.rank, -t.crowding))
            offspring.append(Trial(counter, mutate(parent.config, rng)))
            counter += 1
        for t in offspring:
            evaluate(t, data)
        survivors = []
        for front in fast_non_dominated_sort(population + offspring):
            assign_crowding(front)
            survivors += sorted(front, key=lambda t: -t.crowding)[: pop_size - len(survivors)]
        population = survivors
        print(f"generation {generation}: pareto={[t.number for t in population if t.rank == 0]}")


if __name__ == "__main__":
    main()
