"""Hook specification for the training loop and two stock plugins."""
import torch

from pm import hookimpl


class TrainSpec:
    def train_batch_end(self, step, loss):
        """Called after the optimizer step."""

    def validation_end(self, epoch, metrics):
        """Called after validation; may return a stop request."""


class SWA:
    def __init__(self, model, start_epoch=1):
        self.model = model
        self.start_epoch = start_epoch
        self.averaged = None
        self.count = 0

    @hookimpl
    def validation_end(self, epoch):
        if epoch < self.start_epoch:
            return None
        with torch.no_grad():
            flat = torch.nn.utils.parameters_to_vector(self.model.parameters())
            self.count += 1
            self.averaged = flat.clone() if self.averaged is None else self.averaged + (flat - self.averaged) / self.count
        return None


class EarlyStop:
    def __init__(self, patience=2):
        self.patience, self.best, self.bad = patience, float("inf"), 0

    @hookimpl(tryfirst=True)
    def validation_end(self, metrics):
        if metrics["val_loss"] < self.best:
            self.best, self.bad = metrics["val_loss"], 0
        else:
            self.bad += 1
        return "stop" if self.bad >= self.patience else None
