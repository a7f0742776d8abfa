"""Trainer that exposes run-time quantities (steps per epoch, total steps) to the config."""
import torch
import torch.nn as nn

from resolvers import register_resolver, resolve


class Trainer:
    def __init__(self, model, batches, cfg):
        self.model = model
        self.train_batches = batches
        self.cfg = cfg
        self.max_epochs = cfg["max_epochs"]
        self.global_step = 0
        self._register_runtime_resolvers()
        self.optimizer, self.scheduler = self._configure_optimizers()

    def _register_runtime_resolvers(self):
        def steps_per_epoch():  # retain
            return len(self.train_batches)

        def total_steps(fraction=1.0):  # retain
            return int(fraction * self.max_epochs * steps_per_epoch())

        register_resolver("steps_per_epoch", steps_per_epoch, replace=True)  # retain
        register_resolver("total_steps", total_steps, replace=True)  # retain

    def _configure_optimizers(self):
        ocfg = resolve(self.cfg["optimizer"])
        scfg = resolve(self.cfg["scheduler"])
        opt = torch.optim.SGD(self.model.parameters(), lr=ocfg["lr"], momentum=ocfg["momentum"])
        warmup, total = max(scfg["warmup_steps"], 1), scfg["total_steps"]

        def lr_factor(step):
            if step < warmup:
                return (step + 1) / warmup
            return max(0.0, (total - step) / max(total - warmup, 1))

        return opt, torch.optim.lr_scheduler.LambdaLR(opt, lr_factor)

    def fit(self):
        for _ in range(self.max_epochs):
            for x, y in self.train_batches:
                loss = nn.functional.cross_entropy(self.model(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                self.scheduler.step()
                self.global_step += 1
        return loss.item()
