"""LightningModule-like model that logs through the ambient trainer."""
import torch
import torch.nn as nn

import runtime


class AutoEncoder(nn.Module):
    def __init__(self, dim=16, code=4):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(dim, 8), nn.ReLU(), nn.Linear(8, code))
        self.dec = nn.Sequential(nn.Linear(code, 8), nn.ReLU(), nn.Linear(8, dim))

    def training_step(self, batch):
        recon = self.dec(self.enc(batch))
        loss = nn.functional.mse_loss(recon, batch)
        runtime.log("train/loss", loss, prog_bar=True)
        runtime.log("train/code_norm", self.enc(batch).detach().norm(dim=1).mean())
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=3e-3)


class Trainer:
    def __init__(self, max_steps=4):
        self.max_steps = max_steps
        self.logged = {}
        self.prog_bar_metrics = {}
        self.model = None

    def fit(self, model, data):
        self.model = model
        optimizer = model.configure_optimizers()
        runtime.activate(self)
        for step in range(self.max_steps):
            batch = data[step % len(data)]
            loss = model.training_step(batch)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        return self.prog_bar_metrics["train/loss"]


def main():
    data = [torch.randn(20, 16) for _ in range(3)]
    final = Trainer(max_steps=4).fit(AutoEncoder(), data)
    assert final > 0


if __name__ == "__main__":
    main()
