"""Hyper-parameter sweep that keeps the top fine-tunes for a greedy weight soup.

Each run is scored on a held-out split; the best runs are kept as flat weight
vectors so that the soup step can average them without rebuilding models.
"""
import heapq
import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import parameters_to_vector, vector_to_parameters

SWEEP = {"lr": [0.05, 0.1], "weight_decay": [0.0, 1e-3]}
TOP_K = 3
SOUP_POOL = []


def make_model():
    torch.manual_seed(1234)
    return nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))


def split(gen, n):
    x = torch.randn(n, 6, generator=gen)
    return x, (x[:, :3].sum(dim=1, keepdim=True) - 0.5 * x[:, 3:4]).tanh()


def val_loss(model, data):
    with torch.no_grad():
        x, y = data
        return float(F.mse_loss(model(x), y))


def offer(score, run_name, model):
    flat = parameters_to_vector(model.parameters())  # retain
    entry = (-score, run_name, flat)
    if len(SOUP_POOL) < TOP_K:
        heapq.heappush(SOUP_POOL, entry)  # retain
    elif entry > SOUP_POOL[0]:
        heapq.heapreplace(SOUP_POOL, entry)  # retain


def greedy_soup(val_data):
    ranked = sorted(SOUP_POOL, reverse=True)
    soup = make_model()
    chosen = [ranked[0][2]]
    best = -ranked[0][0]
    for _, name, flat in ranked[1:]:
        with torch.no_grad():
            vector_to_parameters(torch.stack(chosen + [flat]).mean(0), soup.parameters())
        score = val_loss(soup, val_data)
        if score < best:
            chosen.append(flat)
            best = score
    return best, len(chosen)


def main():
    gen = torch.Generator().manual_seed(0)
    train, val = split(gen, 256), split(gen, 128)
    for lr, wd in itertools.product(SWEEP["lr"], SWEEP["weight_decay"]):
        model = make_model()
        opt = torch.optim.SGD(model.parameters(), lr=lr, weight_decay=wd)
        for step in range(8):
            idx = torch.randint(0, 256, (32,), generator=gen)
            loss = F.mse_loss(model(train[0][idx]), train[1][idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        offer(val_loss(model, val), f"lr{lr}_wd{wd}", model)
    best, n = greedy_soup(val)
    print(f"soup of {n} runs: val mse {best:.4f}")


if __name__ == "__main__":
    main()
