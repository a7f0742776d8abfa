"""Robust training loop: batches that fail inside the model are skipped and reported by layer."""
import torch
import torch.nn as nn

import layertrace

CONFIG = {"runs": 2, "epochs": 2, "steps": 6, "bad_every": 4, "lr": 0.02, "dim": 10}


class FiniteCheck(nn.Module):
    def forward(self, x):
        if not torch.isfinite(x).all():
            raise FloatingPointError(f"non-finite activations in a {tuple(x.shape)} tensor")
        return x


class Encoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, 2 * dim)
        self.check = FiniteCheck()
        self.out = nn.Linear(2 * dim, 1)

    def forward(self, x):
        h = torch.tanh(self.proj(x))
        return self.out(self.check(h * x.repeat(1, 2)))


def batches(cfg):
    for step in range(cfg["steps"]):
        x = torch.randn(8, cfg["dim"])
        if step % cfg["bad_every"] == cfg["bad_every"] - 1:
            x[0, 0] = float("inf")
        yield step, x, torch.randn(8, 1)


def fit(model, cfg):
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    handles = layertrace.install(model)
    skipped = []
    try:
        for epoch in range(cfg["epochs"]):
            for step, x, y in batches(cfg):
                try:
                    loss = nn.functional.mse_loss(model(x), y)
                except FloatingPointError as err:
                    skipped.append((epoch, step, layertrace.current_path(), str(err)))
                    continue
                opt.zero_grad()
                loss.backward()
                opt.step()
    finally:
        for handle in handles:
            handle.remove()
    return skipped


def main():
    for run in range(CONFIG["runs"]):
        model = Encoder(CONFIG["dim"])
        for epoch, step, path, msg in fit(model, CONFIG):
            print(f"run {run} epoch {epoch} step {step}: skipped in [{path}] ({msg})")


if __name__ == "__main__":
    main()
