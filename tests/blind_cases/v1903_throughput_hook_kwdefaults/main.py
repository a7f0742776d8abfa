"""Small hyper-parameter sweep: one Trainer and one model per learning rate."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from callbacks import ThroughputMonitor
from trainer import LightningDataModule, LightningModule, Trainer


class RegressionData(LightningDataModule):
    def __init__(self, n=96, batch_size=16):
        self.n = n
        self.batch_size = batch_size

    def setup(self, stage):
        x = torch.randn(self.n, 8)
        self.train_set = TensorDataset(x, x.sum(dim=1, keepdim=True))

    def train_dataloader(self):
        return DataLoader(self.train_set, batch_size=self.batch_size, shuffle=True)


class MLPRegressor(LightningModule):
    def __init__(self, lr):
        super().__init__()
        self.lr = lr
        self.net = nn.Sequential(nn.Linear(8, 32), nn.GELU(), nn.Linear(32, 1))

    def forward(self, x):
        return self.net(x)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return F.mse_loss(self(x), y)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.lr)


def main():
    results = {}
    for lr in (1e-3, 3e-3, 1e-2):
        trainer = Trainer(max_epochs=2, callbacks=[ThroughputMonitor(window=3)], limit_train_batches=4)
        metrics = trainer.fit(MLPRegressor(lr), RegressionData())
        results[lr] = float(metrics["train_loss"])
    return results


if __name__ == "__main__":
    main()
