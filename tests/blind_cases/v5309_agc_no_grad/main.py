"""Regression model trained with gradient accumulation and adaptive gradient clipping."""
import torch
import torch.nn as nn

from clipping import adaptive_clip_grad_

CONFIG = {
    "features": 10,
    "width": 24,
    "lr": 3e-3,
    "weight_decay": 1e-4,
    "clip_factor": 0.01,
    "accum_steps": 2,
    "micro_batches": 6,
    "micro_batch_size": 8,
    "epochs": 2,
}


def build_model(cfg):
    return nn.Sequential(
        nn.Linear(cfg["features"], cfg["width"]),
        nn.SiLU(),
        nn.Linear(cfg["width"], cfg["width"]),
        nn.SiLU(),
        nn.Linear(cfg["width"], 1),
    )


def micro_batches(cfg, epoch):
    gen = torch.Generator().manual_seed(100 + epoch)
    for _ in range(cfg["micro_batches"]):
        x = torch.randn(cfg["micro_batch_size"], cfg["features"], generator=gen)
        yield x, x.sum(dim=1, keepdim=True).sin()


def train(cfg):
    model = build_model(cfg)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=cfg["weight_decay"])
    clip_params = [p for p in model[:-1].parameters()]
    history = []
    for epoch in range(cfg["epochs"]):
        model.train()
        optimizer.zero_grad()
        for i, (x, y) in enumerate(micro_batches(cfg, epoch), start=1):
            loss = nn.functional.mse_loss(model(x), y) / cfg["accum_steps"]
            loss.backward()
            if i % cfg["accum_steps"] == 0:
                report = adaptive_clip_grad_(clip_params, clip_factor=cfg["clip_factor"])
                optimizer.step()
                optimizer.zero_grad()
                history.append((epoch, loss.item() * cfg["accum_steps"], report.fraction, report.max_ratio))
    return history


def main():
    history = train(CONFIG)
    epoch, loss, frac, ratio = history[-1]
    print(f"epoch {epoch}: loss {loss:.4f}, clipped {frac:.0%} of units, max ratio {ratio:.2f}")


if __name__ == "__main__":
    main()
