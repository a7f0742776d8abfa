"""Small learning-rate / width sweep; every run gets its own service container."""
import itertools

import torch

from wiring import build_container

BASE = {"in_dim": 12, "classes": 3, "wd": 1e-4, "step_size": 1,
        "smoothing": 0.1, "max_norm": 1.0, "epochs": 2}


def make_batches(cfg, n_batches, seed):
    g = torch.Generator().manual_seed(seed)
    out = []
    for _ in range(n_batches):
        x = torch.randn(16, cfg["in_dim"], generator=g)
        y = torch.randint(0, cfg["classes"], (16,), generator=g)
        out.append((x, y))
    return out


def run(cfg):
    container = build_container(cfg)
    trainer = container.get("trainer")
    batches = make_batches(cfg, n_batches=3, seed=len(cfg["name"]))
    history = [trainer.train_epoch(batches) for _ in range(cfg["epochs"])]
    return {"name": cfg["name"], "final": history[-1], "steps": trainer.step}


def main():
    results = []
    for lr, hidden in itertools.product((1e-3, 3e-3), (16, 32)):
        cfg = dict(BASE, lr=lr, hidden=hidden, name="lr%g_h%d" % (lr, hidden))
        results.append(run(cfg))
    best = min(results, key=lambda r: r["final"])
    print("best run:", best["name"], round(best["final"], 4))


if __name__ == "__main__":
    main()
