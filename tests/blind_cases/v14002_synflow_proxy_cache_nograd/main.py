"""Training-free NAS: rank sampled MLP genotypes with a zero-cost proxy, then briefly train the top one."""
import random

import torch
import torch.nn as nn

from proxies import PROXIES, count_params
from score_cache import CACHE

SPACE = {
    "width": [8, 16, 24],
    "depth": [1, 2, 3],
    "act": ["relu", "tanh", "gelu"],
}
ACTS = {"relu": nn.ReLU, "tanh": nn.Tanh, "gelu": nn.GELU}
CONFIG = {"in_dim": 6, "out_dim": 3, "samples": 6, "top_k": 2, "proxy": "synflow", "train_steps": 3}


def sample_genotype(rng):
    return (rng.choice(SPACE["width"]), rng.choice(SPACE["depth"]), rng.choice(SPACE["act"]))


def build(genotype, in_dim, out_dim):
    width, depth, act = genotype
    layers, d = [], in_dim
    for _ in range(depth):
        layers += [nn.Linear(d, width), ACTS[act]()]
        d = width
    layers.append(nn.Linear(d, out_dim))
    return nn.Sequential(*layers)


def short_train(model, steps):
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for _ in range(steps):
        x = torch.randn(32, CONFIG["in_dim"])
        y = torch.randint(0, CONFIG["out_dim"], (32,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def search(seed):
    rng = random.Random(seed)
    torch.manual_seed(seed)
    proxy = PROXIES[CONFIG["proxy"]]
    ranked = []
    for _ in range(CONFIG["samples"]):
        genotype = sample_genotype(rng)
        model = build(genotype, CONFIG["in_dim"], CONFIG["out_dim"])
        score = CACHE.get_or_compute(CONFIG["proxy"], genotype,
                                     lambda: proxy(model, CONFIG["in_dim"]))
        ranked.append((float(score), genotype, count_params(model)))
    ranked.sort(key=lambda r: r[0], reverse=True)
    best = ranked[: CONFIG["top_k"]]
    results = []
    for score, genotype, n_params in best:
        model = build(genotype, CONFIG["in_dim"], CONFIG["out_dim"])
        results.append({"genotype": genotype, "proxy": score, "params": n_params,
                        "loss": short_train(model, CONFIG["train_steps"])})
    return results


def main():
    for seed in (0, 1):
        results = search(seed)
        print(seed, [r["genotype"] for r in results], CACHE.stats())


if __name__ == "__main__":
    main()
