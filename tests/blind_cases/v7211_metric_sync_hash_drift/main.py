"""Regression validation loop with metrics synced across workers each epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from metrics import MeanAbsoluteError, WithinTolerance
from sync import register, sync_all, unregister


def data(gen, n):
    x = torch.randn(n, 5, generator=gen)
    return x, (x @ torch.tensor([[1.0], [-2.0], [0.5], [0.0], [3.0]])).squeeze(-1)


def validate(model, gen):
    metrics = {
        "mae": register(MeanAbsoluteError()),
        "within_0.5": register(WithinTolerance(0.5)),
    }
    try:
        with torch.no_grad():
            for _ in range(4):
                x, y = data(gen, 50)
                preds = model(x).squeeze(-1)
                for metric in metrics.values():
                    metric.update(preds, y)
        sync_all(world_size=1)
        return {name: float(m.compute()) for name, m in metrics.items()}
    finally:
        for metric in metrics.values():
            unregister(metric)


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(2)
    model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(3):
        for _ in range(10):
            x, y = data(gen, 32)
            loss = F.mse_loss(model(x).squeeze(-1), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: {validate(model, gen)}")


if __name__ == "__main__":
    main()
