"""Shared test doubles, imported by every trainer test module (conftest-style helpers)."""
from unittest import mock

import torch

from tracking import ExperimentTracker

FAKE_TRACKER = mock.NonCallableMock(spec=ExperimentTracker, name="tracker")


def make_regression_batch(n=32, features=6, seed=0):
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(n, features, generator=gen)
    w = torch.linspace(-1.0, 1.0, features)
    y = x @ w + 0.05 * torch.randn(n, generator=gen)
    return x, y.unsqueeze(1)
