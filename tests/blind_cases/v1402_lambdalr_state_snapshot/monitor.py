"""Validation monitor: detects plateaus and keeps an in-memory best checkpoint."""
import copy
import math


class PlateauMonitor:
    def __init__(self, patience=1, min_delta=1e-4):
        self.patience = patience
        self.min_delta = min_delta
        self.best_score = math.inf
        self.bad_epochs = 0
        self.num_plateaus = 0
        self.best_state = None

    def _snapshot(self, epoch, model, optimizer, scheduler):
        return {
            "epoch": epoch,
            "model": {k: v.detach().clone() for k, v in model.state_dict().items()},
            "optimizer": copy.deepcopy(optimizer.state_dict()),
            "scheduler": scheduler.state_dict(),  # cycle
        }

    def update(self, epoch, score, model, optimizer, scheduler):
        if score < self.best_score - self.min_delta:
            self.best_score = score
            self.bad_epochs = 0
            self.best_state = self._snapshot(epoch, model, optimizer, scheduler)  # cycle
            return True
        self.bad_epochs += 1
        if self.bad_epochs > self.patience:
            self.num_plateaus += 1
            self.bad_epochs = 0
        return False

    def restore(self, model):
        if self.best_state is not None:
            model.load_state_dict(self.best_state["model"])
