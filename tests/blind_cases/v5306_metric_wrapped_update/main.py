"""Regression training loop that builds fresh validation metrics for every epoch."""
import torch
import torch.nn as nn

from metrics import MeanSquaredError, R2Score

CONFIG = {"epochs": 3, "train_batches": 4, "val_batches": 3, "batch_size": 16, "lr": 1e-2}


def build_val_metrics():
    return {"mse": MeanSquaredError(), "r2": R2Score()}


def batches(n, batch_size, seed):
    gen = torch.Generator().manual_seed(seed)
    for _ in range(n):
        x = torch.randn(batch_size, 4, generator=gen)
        yield x, (x @ torch.tensor([[1.0], [-2.0], [0.5], [0.0]])) + 0.1 * torch.randn(batch_size, 1, generator=gen)


def validate(model, epoch, cfg):
    metrics = build_val_metrics()
    model.eval()
    with torch.no_grad():
        for x, y in batches(cfg["val_batches"], cfg["batch_size"], seed=1000 + epoch):
            preds = model(x)
            for metric in metrics.values():
                metric.update(preds, y)
    return {name: float(metric.compute()) for name, metric in metrics.items()}


def main():
    cfg = CONFIG
    model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        model.train()
        for x, y in batches(cfg["train_batches"], cfg["batch_size"], seed=epoch):
            loss = nn.functional.mse_loss(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        scores = validate(model, epoch, cfg)
        print(f"epoch {epoch}: val mse {scores['mse']:.3f}, r2 {scores['r2']:.3f}")


if __name__ == "__main__":
    main()
