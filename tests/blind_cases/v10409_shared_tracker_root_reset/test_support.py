"""Shared test doubles and tiny data factories (conftest-style plain functions)."""
from unittest import mock

import torch

from tracking import RunTracker

FAKE_TRACKER = mock.NonCallableMock(spec=RunTracker, name="tracker")


def reset_fakes():
    FAKE_TRACKER.reset_mock()


def make_blobs(n_per_class=12, classes=3, features=4, seed=0):
    gen = torch.Generator().manual_seed(seed)
    centers = 3.0 * torch.randn(classes, features, generator=gen)
    x = torch.cat([centers[c] + torch.randn(n_per_class, features, generator=gen) for c in range(classes)])
    y = torch.arange(classes).repeat_interleave(n_per_class)
    return x, y
