"""Snapshot ensemble of small regressors; the trainer reference is propagated to members by a property."""
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F


class TrainerAwareModule(nn.Module):
    def __init__(self):
        super().__init__()
        self._trainer = None

    @property
    def trainer(self):
        if self._trainer is None:
            raise RuntimeError(f"{type(self).__name__} is not attached to a Trainer")
        return self._trainer

    @trainer.setter
    def trainer(self, trainer):
        if trainer is not None and not isinstance(trainer, weakref.ProxyTypes):
            trainer = weakref.proxy(trainer)
        for module in self.modules():
            if isinstance(module, TrainerAwareModule):
                module._trainer = trainer

    def log(self, name, value):
        self.trainer.logged_metrics[name] = float(value)


class RegressionTask(TrainerAwareModule):
    def __init__(self, in_dim, hidden, warmup_epochs=1):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.GELU(), nn.Linear(hidden, 1))
        self.warmup_epochs = warmup_epochs

    def forward(self, x):
        return self.net(x)

    def loss_weight(self):
        epoch = self.trainer.current_epoch
        return min(1.0, (epoch + 1) / self.warmup_epochs)

    def training_step(self, batch):
        x, y = batch
        loss = F.smooth_l1_loss(self(x), y) * self.loss_weight()
        self.log(f"{type(self).__name__}/loss", loss.item())
        return loss


class SnapshotEnsemble(RegressionTask):
    def __init__(self, in_dim, hidden, members=3):
        super().__init__(in_dim, hidden)
        self.members = nn.ModuleList(RegressionTask(in_dim, hidden, warmup_epochs=i + 1) for i in range(members))

    def forward(self, x):
        return torch.stack([m(x) for m in self.members]).mean(0)

    def training_step(self, batch):
        losses = [m.training_step(batch) for m in self.members]
        self.log("ensemble/lr", self.trainer.current_lr())
        return torch.stack(losses).sum()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05, momentum=0.9)


class Trainer:
    def __init__(self, max_epochs):
        self.max_epochs = max_epochs
        self.current_epoch = 0
        self.logged_metrics = {}
        self.lightning_module = None
        self.optimizer = None

    def current_lr(self):
        return self.optimizer.param_groups[0]["lr"]

    def fit(self, module, batches):
        self.lightning_module = module
        module.trainer = self
        self.optimizer = module.configure_optimizers()
        for self.current_epoch in range(self.max_epochs):
            for batch in batches:
                loss = module.training_step(batch)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
        return dict(self.logged_metrics)


def main():
    batches = [(torch.randn(16, 5), torch.randn(16, 1)) for _ in range(3)]
    for seed in range(3):
        torch.manual_seed(seed)
        metrics = Trainer(max_epochs=2).fit(SnapshotEnsemble(5, 12), batches)
        assert "ensemble/lr" in metrics


if __name__ == "__main__":
    main()
