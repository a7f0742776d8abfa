"""Trainer that records the warnings raised during each epoch for its run report."""
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F


class TrainingWarning(UserWarning):
    pass


class LossPlateauWarning(TrainingWarning):
    pass


class GradientClipWarning(TrainingWarning):
    pass


class Trainer:
    def __init__(self, model, lr=0.05, clip=0.5, patience=2):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.clip = clip
        self.patience = patience
        self.best = float("inf")
        self.stale_epochs = 0
        self.warning_log = []  # cycle

    def _warn(self, message, category=TrainingWarning):
        warnings.warn(message, category, stacklevel=3, source=self)  # cycle

    def _step(self, x, y):
        loss = F.mse_loss(self.model(x), y)
        self.opt.zero_grad()
        loss.backward()
        norm = float(nn.utils.clip_grad_norm_(self.model.parameters(), self.clip))
        if norm > 4 * self.clip:
            self._warn(f"gradient norm {norm:.2f} clipped to {self.clip}", GradientClipWarning)
        self.opt.step()
        return loss.item()

    def _end_epoch(self, epoch_loss):
        if epoch_loss < self.best - 1e-3:
            self.best, self.stale_epochs = epoch_loss, 0
        else:
            self.stale_epochs += 1
            if self.stale_epochs >= self.patience:
                self._warn(f"no improvement for {self.stale_epochs} epochs", LossPlateauWarning)

    def fit(self, batches, epochs):
        for epoch in range(epochs):
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always", TrainingWarning)
                epoch_loss = sum(self._step(x, y) for x, y in batches) / len(batches)
                self._end_epoch(epoch_loss)
            self.warning_log.extend(caught)  # cycle
        return self.report()

    def report(self):
        by_kind = {}
        for w in self.warning_log:
            by_kind.setdefault(w.category.__name__, []).append(str(w.message))
        return by_kind


def main():
    torch.manual_seed(0)
    batches = [(torch.randn(16, 8) * 5, torch.randn(16, 1) * 5) for _ in range(3)]
    for width in (16, 32):
        model = nn.Sequential(nn.Linear(8, width), nn.ReLU(), nn.Linear(width, 1))
        report = Trainer(model).fit(batches, epochs=3)
        assert report


if __name__ == "__main__":
    main()
