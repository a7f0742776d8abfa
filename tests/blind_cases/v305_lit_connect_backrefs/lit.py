"""Lightning-style module: it knows its trainer so it can log and read the current epoch."""
import torch
import torch.nn as nn


class LitClassifier(nn.Module):
    def __init__(self, n_in=10, n_cls=3):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, 32), nn.GELU(), nn.Linear(32, n_cls))
        self._trainer = None

    def _attach_trainer(self, trainer):
        self._trainer = trainer  # cycle

    @property
    def trainer(self):
        return self._trainer

    def log(self, name, value):
        self.trainer.metrics.setdefault(name, []).append(float(value))

    def training_step(self, batch):
        x, y = batch
        loss = nn.functional.cross_entropy(self.net(x), y)
        self.log("train_loss", loss.detach())
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=2e-3)
