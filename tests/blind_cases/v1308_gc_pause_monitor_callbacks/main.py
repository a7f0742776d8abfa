"""Autoencoder pretraining with a forced collection at the end of each epoch, monitored for pauses."""
import gc

import torch
import torch.nn as nn

from memwatch import GCPauseMonitor


class AutoEncoder(nn.Module):
    def __init__(self, dim=20, code=6):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, 12), nn.ReLU(), nn.Linear(12, code))
        self.decoder = nn.Sequential(nn.Linear(code, 12), nn.ReLU(), nn.Linear(12, dim))

    def forward(self, x):
        return self.decoder(self.encoder(x))


class Trainer:
    def __init__(self, model, lr=1e-2, epochs=3, steps_per_epoch=5):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        self.epochs = epochs
        self.steps_per_epoch = steps_per_epoch
        self.global_step = 0

    def train_step(self, batch):
        recon = self.model(batch)
        loss = nn.functional.mse_loss(recon, batch)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.global_step += 1
        return loss.item()

    def fit(self):
        monitor = GCPauseMonitor(self).install()
        losses = []
        for _ in range(self.epochs):
            for _ in range(self.steps_per_epoch):
                losses.append(self.train_step(torch.randn(32, 20)))
            gc.collect(1)
        return losses[-1], monitor.summary()


def main():
    results = []
    for width in (4, 8):
        trainer = Trainer(AutoEncoder(code=width))
        results.append(trainer.fit())
    return results


if __name__ == "__main__":
    main()
