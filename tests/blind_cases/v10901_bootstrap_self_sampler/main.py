"""Validation with bootstrap confidence intervals for the headline metrics."""
import torch
import torch.nn as nn

from ci import bootstrap
from scores import PerSampleScores

CONFIG = {
    "epochs": 3,
    "batch_size": 32,
    "val_batches": 4,
    "n_boot": 60,
    "alpha": 0.1,
    "report": ("accuracy", "macro_recall", "overconfidence"),
}


def make_batch(n, generator):
    x = torch.randn(n, 12, generator=generator)
    y = (x[:, :4].argmax(dim=1) + (x[:, 4] > 1.5).long()) % 4
    return x, y


def validate(model, epoch, cfg):
    gen = torch.Generator().manual_seed(1234)
    outputs = []
    model.eval()
    with torch.no_grad():
        for _ in range(cfg["val_batches"]):
            x, y = make_batch(cfg["batch_size"], gen)
            outputs.append({"logits": model(x), "labels": y})
    model.train()
    scores = PerSampleScores.from_batches(outputs, seed=epoch)
    return bootstrap(scores, cfg["report"], n_boot=cfg["n_boot"], alpha=cfg["alpha"])


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 4))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    gen = torch.Generator().manual_seed(7)
    history = []
    for epoch in range(cfg["epochs"]):
        for _ in range(5):
            x, y = make_batch(cfg["batch_size"], gen)
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        summary = validate(model, epoch, cfg)
        history.append(summary)
        acc, lo, hi = summary["accuracy"]
        print(f"epoch {epoch}: acc {acc:.3f} [{lo:.3f}, {hi:.3f}]")
    return history


if __name__ == "__main__":
    main()
