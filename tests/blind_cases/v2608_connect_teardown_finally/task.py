"""Lightning-style task module: the model knows the trainer that is currently running it."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TaskModule(nn.Module):
    def __init__(self):
        super().__init__()
        self._trainer = None

    @property
    def trainer(self):
        if self._trainer is None:
            raise RuntimeError("module is not attached to a trainer")
        return self._trainer

    @trainer.setter
    def trainer(self, trainer):
        self._trainer = trainer

    def log(self, name, value):
        self.trainer.record(name, value.item() if torch.is_tensor(value) else float(value))

    def configure_optimizers(self):
        raise NotImplementedError


class TabularClassifier(TaskModule):
    def __init__(self, n_features, n_classes, hidden=32, lr=1e-2):
        super().__init__()
        self.lr = lr
        self.net = nn.Sequential(nn.Linear(n_features, hidden), nn.GELU(), nn.Linear(hidden, n_classes))

    def forward(self, x):
        return self.net(x)

    def training_step(self, batch):
        x, y = batch
        loss = F.cross_entropy(self(x), y)
        self.log("train_loss", loss)
        return loss

    def validation_step(self, batch):
        x, y = batch
        logits = self(x)
        self.log("val_loss", F.cross_entropy(logits, y))
        self.log("val_acc", (logits.argmax(1) == y).float().mean())

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.lr)
