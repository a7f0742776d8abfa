"""Seed sweep for a small tabular regressor; each run wraps its AdamW in a ProxyOptimizer."""
import functools

import torch
import torch.nn as nn

from wrapping import ProxyOptimizer

CONFIG = {
    "seeds": [0, 1, 2],
    "epochs": 2,
    "batches_per_epoch": 3,
    "batch_size": 32,
    "features": 16,
    "lr": 3e-3,
    "weight_decay": 0.01,
    "warmup_steps": 4,
}


def make_model(features):
    return nn.Sequential(
        nn.Linear(features, 32),
        nn.GELU(),
        nn.LayerNorm(32),
        nn.Linear(32, 1),
    )


def make_batches(n, batch_size, features, generator):
    for _ in range(n):
        x = torch.randn(batch_size, features, generator=generator)
        y = x[:, :4].sum(dim=1, keepdim=True) + 0.1 * torch.randn(batch_size, 1, generator=generator)
        yield x, y


def warmup_factor(step, warmup_steps):
    return min(1.0, (step + 1) / warmup_steps)


def run(seed, cfg):
    torch.manual_seed(seed)
    gen = torch.Generator().manual_seed(seed)
    model = make_model(cfg["features"])
    base = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
    optimizer = ProxyOptimizer(base)
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer, functools.partial(warmup_factor, warmup_steps=cfg["warmup_steps"]))
    loss_fn = nn.SmoothL1Loss()

    history = []
    for epoch in range(cfg["epochs"]):
        model.train()
        total = 0.0
        for x, y in make_batches(cfg["batches_per_epoch"], cfg["batch_size"], cfg["features"], gen):
            optimizer.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()
            optimizer.step()
            scheduler.step()
            total += loss.item()
        history.append(total / cfg["batches_per_epoch"])
    stats = optimizer.summary()
    stats.update(seed=seed, final_loss=history[-1], lr=scheduler.get_last_lr()[0])
    return stats


def main():
    results = [run(seed, CONFIG) for seed in CONFIG["seeds"]]
    best = min(results, key=lambda r: r["final_loss"])
    print("best seed %d: loss %.4f (%d steps, %d skipped)"
          % (best["seed"], best["final_loss"], best["steps"], best["skipped"]))


if __name__ == "__main__":
    main()
