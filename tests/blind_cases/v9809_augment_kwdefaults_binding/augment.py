"""Batch augmentations; their knobs are bound from the experiment config."""
import torch
import torch.nn as nn

from confbind import configurable


class MagnitudePolicy(nn.Module):
    """Predicts a per-image jitter magnitude from simple batch statistics."""

    def __init__(self, hidden=8):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, batch):
        flat = batch.flatten(1)
        stats = torch.stack([flat.mean(1), flat.std(1)], dim=1)
        return torch.sigmoid(self.net(stats)).view(-1, 1, 1, 1)


@configurable
def color_jitter(batch, *, strength=0.4, policy=None):
    if policy is not None:
        strength = strength * policy(batch)
    gain = 1.0 + strength * (torch.rand(batch.shape[0], 1, 1, 1) - 0.5)
    return (batch * gain).clamp(0.0, 1.0)


@configurable
def cutout(batch, *, size=4, p=0.5):
    out = batch.clone()
    h, w = batch.shape[-2:]
    for i in range(batch.shape[0]):
        if torch.rand(()) < p:
            y, x = torch.randint(0, h - size + 1, ()), torch.randint(0, w - size + 1, ())
            out[i, :, y:y + size, x:x + size] = 0.0
    return out
