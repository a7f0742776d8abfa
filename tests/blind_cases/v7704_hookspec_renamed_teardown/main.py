"""Fine-tuning runs over a few seeds with a hook-based plugin manager."""
import torch
import torch.nn as nn

from checkpointing import StagedCheckpoints
from hookspec import PluginManager

CFG = {"seeds": (0, 1, 2), "epochs": 3, "lr": 1e-2}


class BatchLossLog:
    def __init__(self):
        self.losses = []

    def on_train_batch_end(self, loss, **_):
        self.losses.append(loss)


def run(seed):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Dropout(0.1), nn.Linear(32, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    pm = PluginManager()
    ckpt = pm.register(StagedCheckpoints(keep=1))
    pm.register(BatchLossLog())
    pm.call("setup", model=model, optimizer=optimizer)
    train = [(torch.randn(32, 8), torch.randn(32, 1)) for _ in range(3)]
    val = (torch.randn(64, 8), torch.randn(64, 1))
    for epoch in range(CFG["epochs"]):
        model.train()
        for x, y in train:
            loss = nn.functional.mse_loss(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            pm.call("on_train_batch_end", loss=loss.item())
        model.eval()
        with torch.no_grad():
            val_loss = nn.functional.mse_loss(model(val[0]), val[1]).item()
        pm.call("on_validation_end", epoch=epoch, val_loss=val_loss)
    pm.call("teardown")
    return min(v for v, _ in ckpt.snapshots.values())


def main():
    print({seed: round(run(seed), 4) for seed in CFG["seeds"]})


if __name__ == "__main__":
    main()
