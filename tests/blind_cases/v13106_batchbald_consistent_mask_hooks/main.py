"""Active learning loop: retrain from scratch each round, then acquire a batch with BatchBALD."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from acquisition import batchbald_select
from masks import ConsistentMaskBank

CONFIG = {"pool": 64, "seed_labels": 6, "rounds": 3, "acquire": 3, "k": 8, "steps": 8}


def build_model(p=0.3):
    return nn.Sequential(
        nn.Linear(8, 32), nn.ReLU(), nn.Dropout(p),
        nn.Linear(32, 32), nn.ReLU(), nn.Dropout(p),
        nn.Linear(32, 3))


def train(model, x, y, steps):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    model.train()
    for _ in range(steps):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    cfg = CONFIG
    g = torch.Generator().manual_seed(3)
    pool_x = torch.randn(cfg["pool"], 8, generator=g)
    pool_y = torch.bucketize(pool_x[:, 0] + 0.5 * pool_x[:, 1], torch.tensor([-0.5, 0.5]))
    labeled = list(range(cfg["seed_labels"]))
    for rnd in range(cfg["rounds"]):
        model = build_model()
        loss = train(model, pool_x[labeled], pool_y[labeled], cfg["steps"])
        bank = ConsistentMaskBank(model, cfg["k"], generator=g)
        candidates = [i for i in range(cfg["pool"]) if i not in set(labeled)]
        log_probs = bank.log_probs(pool_x[candidates])
        picked, score = batchbald_select(log_probs, cfg["acquire"])
        labeled.extend(candidates[i] for i in picked)
        print(f"round {rnd}: loss {loss:.3f} joint MI {score:.3f} labeled {len(labeled)}")


if __name__ == "__main__":
    main()
