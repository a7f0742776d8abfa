"""LightningModule-style base class: the trainer is attached through a weak proxy."""
import weakref

import torch.nn as nn


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
        for child in self.children():
            if isinstance(child, TrainerAwareModule):
                child.trainer = trainer
        if trainer is not None and not isinstance(trainer, weakref.ProxyTypes):
            trainer = weakref.proxy(trainer)
        self._trainer = trainer

    def log(self, name, value):
        self.trainer.logged_metrics[name] = float(value)

    def on_fit_start(self):
        pass
