"""K-fold fine-tuning; each fold stages checkpoints into its own scratch directory."""
import tempfile

import torch
import torch.nn as nn

import crashreport
from ckptwriter import BufferedCheckpointWriter

CONFIG = {"folds": 3, "epochs": 3, "steps": 4, "lr": 0.05, "batch_size": 16, "flush_every": 2}


def make_model():
    return nn.Sequential(nn.Linear(12, 32), nn.GELU(), nn.Linear(32, 3))


def train_epoch(model, opt, cfg):
    total = 0.0
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch_size"], 12)
        y = torch.randint(0, 3, (cfg["batch_size"],))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    return total / cfg["steps"]


def run_fold(fold, cfg):
    model = make_model()
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    history = []
    with tempfile.TemporaryDirectory(prefix=f"fold{fold}-") as scratch:
        writer = BufferedCheckpointWriter(model, opt, scratch, cfg["flush_every"])
        for epoch in range(cfg["epochs"]):
            history.append(train_epoch(model, opt, cfg))
            writer.stage(f"fold{fold}-epoch{epoch}", loss=history[-1])
        files = list(writer.written)
    return history, files


def main():
    crashreport.install()
    results = []
    try:
        for fold in range(CONFIG["folds"]):
            history, files = run_fold(fold, CONFIG)
            results.append((fold, history[-1], len(files)))
    finally:
        crashreport.uninstall()
    for fold, last, saved in results:
        print(f"fold {fold}: loss {last:.3f}, {saved} checkpoints")
    for line in crashreport.summary():
        print("crash:", line)


if __name__ == "__main__":
    main()
