"""Mutual learning of three MLP students of different widths on synthetic data."""
import torch
import torch.nn as nn

from peers import Cohort

CONFIG = {"in_dim": 20, "classes": 5, "widths": (32, 48, 64), "epochs": 2, "steps": 4, "batch": 32}


def make_mlp(in_dim, width, classes):
    return nn.Sequential(nn.Linear(in_dim, width), nn.ReLU(), nn.Dropout(0.1),
                         nn.Linear(width, classes))


def make_data(cfg, n, seed):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(cfg["classes"], cfg["in_dim"], generator=g) * 2
    y = torch.randint(0, cfg["classes"], (n,), generator=g)
    x = centers[y] + torch.randn(n, cfg["in_dim"], generator=g)
    return x, y


def main():
    cfg = CONFIG
    x_train, y_train = make_data(cfg, cfg["steps"] * cfg["batch"], seed=0)
    x_val, y_val = make_data(cfg, 64, seed=1)
    nets = [make_mlp(cfg["in_dim"], w, cfg["classes"]) for w in cfg["widths"]]
    cohort = Cohort(nets, lr=0.05, temperature=3.0)
    for epoch in range(cfg["epochs"]):
        for p in cohort.peers:
            p.train()
        for i in range(cfg["steps"]):
            sl = slice(i * cfg["batch"], (i + 1) * cfg["batch"])
            stats = cohort.step(x_train[sl], y_train[sl])
        for p in cohort.peers:
            p.eval()
        accs = cohort.evaluate(x_val, y_val)
        print(epoch, {k: round(v[0], 3) for k, v in stats.items()}, accs)


if __name__ == "__main__":
    main()
