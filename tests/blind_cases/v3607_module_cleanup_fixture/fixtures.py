"""Fixture helpers shared by the training tests (plain functions, usable from any TestCase)."""
import copy
import unittest

import torch
import torch.nn as nn


class TrainedModel:
    """A model trained for a few steps, with its optimizer and an in-memory snapshot of both."""

    def __init__(self, factory, steps, lr, seed):
        torch.manual_seed(seed)
        self.model = factory()
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=lr)
        self.losses = []
        x = torch.randn(32, self.model[0].in_features)
        y = x.sum(dim=1, keepdim=True)
        for _ in range(steps):
            self.optimizer.zero_grad()
            loss = nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            self.losses.append(loss.item())
        self.snapshot = copy.deepcopy({"model": self.model.state_dict(), "optim": self.optimizer.state_dict()})

    def restore_into(self, model):
        model.load_state_dict(self.snapshot["model"])
        return model

    @property
    def optimizer_steps(self):
        return {i: int(s["step"]) for i, s in self.snapshot["optim"]["state"].items()}

    def release(self):
        self.model = self.optimizer = self.snapshot = None
        self.losses.clear()


def trained_model(factory, steps=5, lr=1e-2, seed=0):
    """Build and train a model; it is released after the test module has finished."""
    fixture = TrainedModel(factory, steps, lr, seed)
    unittest.addModuleCleanup(fixture.release)  # retain
    return fixture
