"""Trainer that connects itself to a task module for the duration of fit()."""
import math

import torch


class Trainer:
    def __init__(self, max_epochs=3, patience=1, check_finite=True):
        self.max_epochs = max_epochs
        self.patience = patience
        self.check_finite = check_finite
        self.module = None
        self.optimizer = None
        self.metrics = {}
        self.best_val = math.inf

    def record(self, name, value):
        self.metrics.setdefault(name, []).append(value)

    def _connect(self, module):
        module.trainer = self
        self.module = module
        self.optimizer = module.configure_optimizers()

    def _teardown(self):
        if self.module is not None:
            self.module.trainer = None
        self.module = None
        self.optimizer = None

    def fit(self, module, train_batches, val_batches):
        self._connect(module)
        try:
            bad_epochs = 0
            for epoch in range(self.max_epochs):
                module.train()
                for batch in train_batches:
                    loss = module.training_step(batch)
                    if self.check_finite and not torch.isfinite(loss):
                        raise FloatingPointError(f"non-finite loss in epoch {epoch}")
                    self.optimizer.zero_grad()
                    loss.backward()
                    self.optimizer.step()
                module.eval()
                with torch.no_grad():
                    for batch in val_batches:
                        module.validation_step(batch)
                val = self.metrics["val_loss"][-1]
                if val < self.best_val - 1e-3:
                    self.best_val, bad_epochs = val, 0
                else:
                    bad_epochs += 1
                    if bad_epochs > self.patience:
                        return self.best_val
            return self.best_val
        finally:
            self._teardown()
