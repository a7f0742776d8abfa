"""Builds a trainer from a config dict through the registry."""
import torch

import registry


class Experiment:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = registry.build("models", cfg["model"], cfg)
        self.optimizer = registry.build("optimizers", cfg["optimizer"], self.model.parameters(), cfg)
        self.criterion = registry.build("losses", cfg["loss"], cfg)

    def fit(self, x, y, steps):
        history = []
        for _ in range(steps):
            loss = self.criterion(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            history.append(loss.item())
        return history
