"""Denoising autoencoder training with an epoch bar and a batch bar."""
import torch
import torch.nn as nn

from bars import BarGroup

CONFIG = {"epochs": 3, "batches": 5, "noise": 0.3, "lr": 2e-3}


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = nn.Sequential(nn.Linear(24, 8), nn.Tanh(), nn.Linear(8, 24))
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg["lr"])
        self.epoch = 0
        self.last_loss = float("nan")

    def status(self):
        return f"epoch {self.epoch} loss {self.last_loss:.4f}"

    def train_batch(self):
        clean = torch.randn(32, 24)
        noisy = clean + self.cfg["noise"] * torch.randn_like(clean)
        loss = nn.functional.mse_loss(self.model(noisy), clean)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.last_loss = loss.item()

    def fit(self):
        group = BarGroup()
        epochs = group.add("epochs", self.cfg["epochs"], describe=self.status)
        batches = group.add("batches", self.cfg["batches"])
        try:
            for self.epoch in range(self.cfg["epochs"]):
                batches.reset()
                for _ in range(self.cfg["batches"]):
                    self.train_batch()
                    batches.update()
                epochs.update()
        finally:
            group.close()
        return group.stream.getvalue()


def main():
    trainer = Trainer(CONFIG)
    log = trainer.fit()
    print(trainer.status(), f"({log.count(chr(13))} bar redraws)")


if __name__ == "__main__":
    main()
