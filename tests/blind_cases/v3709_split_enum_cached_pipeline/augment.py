"""Tensor-level augmentation modules composed into a per-split pipeline."""
import torch
import torch.nn as nn


class Normalize(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.register_buffer("mean", torch.zeros(channels, 1, 1))
        self.register_buffer("std", torch.ones(channels, 1, 1))
        self.fitted = False

    @torch.no_grad()
    def fit(self, images):
        self.mean.copy_(images.mean(dim=(0, 2, 3)).view_as(self.mean))
        self.std.copy_(images.std(dim=(0, 2, 3)).clamp_min(1e-3).view_as(self.std))
        self.fitted = True

    def forward(self, x):
        return (x - self.mean) / self.std


class RandomErase(nn.Module):
    def __init__(self, p=0.5, size=3):
        super().__init__()
        self.p, self.size = p, size

    def forward(self, x):
        if not self.training or torch.rand(()) > self.p:
            return x
        x = x.clone()
        i, j = torch.randint(0, x.shape[-1] - self.size + 1, (2,)).tolist()
        x[..., i:i + self.size, j:j + self.size] = 0
        return x


class AugmentPipeline(nn.Sequential):
    @property
    def normalize(self):
        return self[0]

    def prepare(self, images):
        if not self.normalize.fitted:
            self.normalize.fit(images)
        return self
