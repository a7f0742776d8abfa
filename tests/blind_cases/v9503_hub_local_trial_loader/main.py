"""Random-search driver: every trial pulls its architecture from the local torch.hub zoo."""
import os
import random

import torch
import torch.nn.functional as F

ZOO_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "zoo")
SEARCH_SPACE = {
    "arch": ["two_tower", "wide_deep"],
    "dim": [8, 16],
    "hidden": [16, 32],
    "lr": [0.01, 0.03, 0.1],
}
NUM_USERS, NUM_ITEMS = 500, 800


def sample_config(rng):
    return {name: rng.choice(choices) for name, choices in SEARCH_SPACE.items()}


def make_split(seed, n=256):
    g = torch.Generator().manual_seed(seed)
    users = torch.randint(0, NUM_USERS, (n,), generator=g)
    items = torch.randint(0, NUM_ITEMS, (n,), generator=g)
    labels = ((users + items) % 3 == 0).float()
    return users, items, labels


def auc(scores, labels):
    order = torch.argsort(scores)
    ranks = torch.empty_like(scores).scatter_(0, order, torch.arange(1, len(scores) + 1, dtype=scores.dtype))
    n_pos = labels.sum()
    n_neg = len(labels) - n_pos
    return float((ranks[labels == 1].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def run_trial(cfg, train, valid, steps=8, batch_size=64):
    model = torch.hub.load(ZOO_DIR, cfg["arch"], source="local",
                           num_users=NUM_USERS, num_items=NUM_ITEMS, dim=cfg["dim"], hidden=cfg["hidden"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    users, items, labels = train
    for step in range(steps):
        idx = torch.randint(0, len(users), (batch_size,))
        loss = F.binary_cross_entropy_with_logits(model(users[idx], items[idx]), labels[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        return auc(model(valid[0], valid[1]), valid[2])


def main():
    rng = random.Random(7)
    train, valid = make_split(0), make_split(1)
    leaderboard = []
    for trial in range(4):
        cfg = sample_config(rng)
        score = run_trial(cfg, train, valid)
        leaderboard.append((score, trial, cfg["arch"]))
        print(f"trial {trial}: {cfg} auc={score:.3f}")
    best = max(leaderboard)
    print(f"best trial {best[1]} ({best[2]}) auc={best[0]:.3f}")


if __name__ == "__main__":
    main()
