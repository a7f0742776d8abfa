"""PBT over learning rate and momentum for a small classifier; the lineage is printed at the end."""
import random

import torch

from pbt import Member, make_mlp, pbt_round

CONFIG = {"population": 4, "rounds": 5, "steps_per_round": 2, "batch": 32, "seed": 3}


def make_data(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 8, generator=g)
    return x, (x[:, :3] + 0.3 * torch.randn(n, 3, generator=g)).argmax(1)


def batches(x, y, size, steps, rng):
    for _ in range(steps):
        idx = torch.tensor(rng.sample(range(len(x)), size))
        yield x[idx], y[idx]


def run_pbt(cfg):
    rng = random.Random(cfg["seed"])
    torch.manual_seed(cfg["seed"])
    train_x, train_y = make_data(256, 0)
    val_x, val_y = make_data(128, 1)
    population = [
        Member(i, {"lr": 10 ** rng.uniform(-2.5, -0.5), "momentum": rng.uniform(0.5, 0.95)}, make_mlp)
        for i in range(cfg["population"])
    ]
    leaders = []
    for _ in range(cfg["rounds"]):
        for member in population:
            member.train(batches(train_x, train_y, cfg["batch"], cfg["steps_per_round"], rng))
            member.evaluate(val_x, val_y)
        leaders.append(pbt_round(population, rng).uid)
    return [m.describe() for m in population], leaders


def main():
    summary, leaders = run_pbt(CONFIG)
    print("leaders per round:", leaders)
    for line in summary:
        print(line)


if __name__ == "__main__":
    main()
