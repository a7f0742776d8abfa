"""Train a small classifier and dump per-sample validation predictions every epoch."""
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F

from writers import JsonLinesWriter

LABELS = ["negative", "neutral", "positive"]
CONFIG = {"epochs": 3, "steps_per_epoch": 4, "batch_size": 16, "lr": 0.05, "precision": 3}


def make_split(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 12, generator=g)
    y = torch.randint(0, len(LABELS), (n,), generator=g)
    return x, y


def train_epoch(model, opt, cfg):
    model.train()
    for _ in range(cfg["steps_per_epoch"]):
        x, y = make_split(cfg["batch_size"], seed=torch.randint(0, 10_000, (1,)).item())
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


@torch.no_grad()
def dump_predictions(model, split, writer):
    model.eval()
    x, y = split
    for start in range(0, len(x), 8):
        xb, yb = x[start:start + 8], y[start:start + 8]
        probs = model(xb).softmax(dim=-1)
        ids = [f"val-{start + i:04d}" for i in range(len(xb))]
        writer.write_batch(ids=ids, probs=probs, targets=yb)
    return writer.num_written


def main():
    cfg = CONFIG
    model = nn.Sequential(nn.Linear(12, 32), nn.GELU(), nn.Linear(32, len(LABELS)))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    val = make_split(24, seed=7)
    with tempfile.TemporaryDirectory() as out_dir:
        for epoch in range(cfg["epochs"]):
            train_epoch(model, opt, cfg)
            writer = JsonLinesWriter(out_dir, f"epoch{epoch:02d}", precision=cfg["precision"], label_names=LABELS)
            with writer:
                n = dump_predictions(model, val, writer)
            print(f"epoch {epoch}: wrote {n} predictions to {writer.path.name}")


if __name__ == "__main__":
    main()
