"""ENAS-style architecture search over the shared supernet with per-child classifier heads."""
import random

import torch
import torch.nn as nn

import supernet

SEARCH = {"n_children": 6, "train_steps": 8, "batch": 32, "seq_len": 24, "n_classes": 3,
          "head_lr": (0.01, 0.1)}


def make_batch(g, n):
    x = torch.randn(n, SEARCH["seq_len"], generator=g)
    freq = torch.randint(0, SEARCH["n_classes"], (n,), generator=g)
    t = torch.arange(SEARCH["seq_len"]).float()
    x = x + torch.sin(t * (freq.float().unsqueeze(1) + 1) * 0.4)
    return x, freq


def sample_arch(rng):
    return tuple(rng.choice(supernet.OPS) for _ in range(supernet.DEPTH))


def train_child(arch, head, g):
    supernet.SUPERNET.train()
    for _ in range(SEARCH["train_steps"]):
        x, y = make_batch(g, SEARCH["batch"])
        loss = nn.functional.cross_entropy(head(supernet.SUPERNET(x, arch)), y)
        supernet.SHARED_OPTIMIZER.zero_grad()
        loss.backward()
        supernet.SHARED_OPTIMIZER.step()


@torch.no_grad()
def evaluate(arch, head, g):
    supernet.SUPERNET.eval()
    x, y = make_batch(g, 128)
    return (head(supernet.SUPERNET(x, arch)).argmax(1) == y).float().mean().item()


def main():
    rng = random.Random(5)
    g = torch.Generator().manual_seed(5)
    results = []
    for child in range(SEARCH["n_children"]):
        arch = sample_arch(rng)
        head = nn.Linear(supernet.CHANNELS, SEARCH["n_classes"])
        head_lr = rng.uniform(*SEARCH["head_lr"])
        supernet.attach_head(head, head_lr)  # retain
        train_child(arch, head, g)
        results.append((evaluate(arch, head, g), arch, round(head_lr, 4)))
    results.sort(reverse=True)
    for acc, arch, lr in results[:3]:
        print(f"acc={acc:.3f} arch={'-'.join(arch)} head_lr={lr}")


if __name__ == "__main__":
    main()
