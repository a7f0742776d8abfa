"""Seed sweep: each seed gets its own data module, model and optimizer."""
import torch
import torch.nn as nn

from datamodule import RegressionDataModule

CFG = {"batch_size": 16, "num_workers": 0, "epochs": 2, "lr": 0.01}


def fit(dm, epochs):
    model = nn.Sequential(nn.Linear(10, 32), nn.SiLU(), nn.Linear(32, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    for epoch in range(epochs):
        model.train()
        for x, y in dm.train_dataloader():
            loss = nn.functional.mse_loss(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            val = sum(nn.functional.mse_loss(model(x), y, reduction="sum").item() for x, y in dm.val_dataloader())
    return val / len(dm.val_set)


def main():
    scores = {}
    for seed in range(3):
        dm = RegressionDataModule(CFG, seed=seed)
        dm.setup()
        scores[seed] = fit(dm, CFG["epochs"])
    assert len(scores) == 3


if __name__ == "__main__":
    main()
