"""Architecture sweep for a small tabular classifier; invalid configs are skipped."""
import statistics

import torch
import torch.nn as nn
import torch.nn.functional as F

from progress import ProgressBar

N_FEATURES = 16
SWEEP = [
    {"name": "mlp-64", "in_features": 16, "hidden": 64, "lr": 0.05},
    {"name": "mlp-wide-input", "in_features": 20, "hidden": 64, "lr": 0.05},
    {"name": "mlp-32", "in_features": 16, "hidden": 32, "lr": 0.1},
]


def make_loader(n_batches=5, batch_size=32, seed=0):
    gen = torch.Generator().manual_seed(seed)
    w = torch.randn(N_FEATURES, 3, generator=gen)
    for _ in range(n_batches):
        x = torch.randn(batch_size, N_FEATURES, generator=gen)
        yield x, (x @ w).argmax(dim=1)


def build_model(cfg):
    return nn.Sequential(
        nn.Linear(cfg["in_features"], cfg["hidden"]),
        nn.ReLU(),
        nn.Linear(cfg["hidden"], 3),
    )


def run_epoch(model, optimizer, epoch, n_batches=5):
    losses = []
    bar = ProgressBar(n_batches, desc=f"epoch {epoch}")
    try:
        for x, y in make_loader(n_batches, seed=epoch):
            optimizer.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
            bar.update(loss=losses[-1])
    finally:
        bar.close()
        print(f"epoch {epoch}: mean loss {statistics.fmean(losses):.4f}")
    return statistics.fmean(losses)


def train(cfg, epochs=2):
    model = build_model(cfg)
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    return [run_epoch(model, optimizer, epoch) for epoch in range(epochs)]


def main():
    results = {}
    for cfg in SWEEP:
        try:
            results[cfg["name"]] = train(cfg)[-1]
        except (RuntimeError, ValueError) as err:
            print(f"skipping {cfg['name']}: {type(err).__name__}: {err}")
    best = min(results, key=results.get)
    print(f"best config: {best} ({results[best]:.4f})")


if __name__ == "__main__":
    main()
