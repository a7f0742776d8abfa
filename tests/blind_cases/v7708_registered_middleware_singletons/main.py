"""Runs from a small grid of configs; each trainer wraps its step in the configured middleware."""
import torch
import torch.nn as nn

from middleware import build_chain

GRID = [
    {"name": "small", "hidden": 16, "lr": 0.05, "middleware": ["timing", "skip_nonfinite"]},
    {"name": "wide", "hidden": 64, "lr": 0.02, "middleware": ["skip_nonfinite"]},
]


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = nn.Sequential(nn.Linear(4, cfg["hidden"]), nn.ReLU(), nn.Linear(cfg["hidden"], 1))
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=cfg["lr"])
        self.global_step = 0

    def _train_step(self, batch):
        x, y = batch
        loss = nn.functional.l1_loss(self.model(x), y)
        self.optimizer.zero_grad()
        loss.backward()
        return {"loss": loss.item()}

    def fit(self, batches, epochs=2):
        step = build_chain(self.cfg["middleware"], self._train_step)  # retain
        losses = []
        for _ in range(epochs):
            for batch in batches:
                out = step(batch)
                if not out.get("skip"):
                    self.optimizer.step()
                    losses.append(out["loss"])
                self.global_step += 1
        return losses


def main():
    g = torch.Generator().manual_seed(11)
    batches = []
    for _ in range(4):
        x = torch.randn(16, 4, generator=g)
        batches.append((x, x.abs().sum(1, keepdim=True)))
    for cfg in GRID:
        losses = Trainer(cfg).fit(batches)
        print(cfg["name"], round(losses[-1], 4), len(losses))


if __name__ == "__main__":
    main()
