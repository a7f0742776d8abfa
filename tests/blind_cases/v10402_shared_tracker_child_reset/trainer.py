"""Minimal regression trainer that reports to an experiment tracker."""
import torch
import torch.nn as nn


class RegressionTrainer:
    def __init__(self, model, tracker, lr=0.05, clip=1.0):
        self.model = model
        self.tracker = tracker
        self.clip = clip
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        self.step = 0

    def fit(self, x, y, steps):
        self.tracker.log_hparams({"lr": self.optimizer.defaults["lr"], "clip": self.clip})
        for _ in range(steps):
            loss = nn.functional.mse_loss(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            grad_norm = nn.utils.clip_grad_norm_(self.model.parameters(), self.clip)
            self.optimizer.step()
            self.step += 1
            self.tracker.log_metrics({"loss": loss, "grad_norm": grad_norm}, step=self.step)  # retain
        return self.step
