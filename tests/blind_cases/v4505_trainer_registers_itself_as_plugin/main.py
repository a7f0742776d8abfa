"""Trainer whose behaviour is extended through plugins; the trainer's own hooks are registered like any plugin."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from pluginlib import PluginManager, hookimpl
from plugins import GradNormClip, LossHistory, NanGuard


class Trainer:
    def __init__(self, model, lr, plugins=()):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.pm = PluginManager(project="trainer")  # cycle
        self.pm.register(self, name="trainer")  # cycle
        for plugin in plugins:
            self.pm.register(plugin)
        self.step = 0
        self.epoch_logs = []

    @hookimpl
    def after_epoch(self, epoch):
        for group in self.optimizer.param_groups:
            group["lr"] *= 0.5

    def fit(self, epochs, batches_per_epoch=4):
        for epoch in range(epochs):
            for _ in range(batches_per_epoch):
                x = torch.randn(16, 8)
                loss = F.binary_cross_entropy_with_logits(self.model(x).squeeze(1), (x.sum(1) > 0).float())
                self.optimizer.zero_grad()
                loss.backward()
                self.pm.call("before_optimizer_step", model=self.model)
                self.optimizer.step()
                self.pm.call("after_batch", step=self.step, loss=loss.item())
                self.step += 1
            self.epoch_logs.extend(self.pm.call("after_epoch", epoch=epoch))
        return self.epoch_logs


def main():
    for lr in (0.1, 0.03):
        model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
        trainer = Trainer(model, lr, plugins=[GradNormClip(0.5), LossHistory(), NanGuard()])
        trainer.fit(epochs=2)


if __name__ == "__main__":
    main()
