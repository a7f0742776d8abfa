"""Test-time augmentation for segmentation models: flips and rescales, merged as softmax averages."""
from functools import singledispatchmethod

import torch
import torch.nn as nn
import torch.nn.functional as F


def _hflip(x):
    return x.flip(-1)


def _vflip(x):
    return x.flip(-2)


def _identity(x):
    return x


DEFAULT_VIEWS = {
    "identity": (_identity, _identity),
    "hflip": (_hflip, _hflip),
    "vflip": (_vflip, _vflip),
}


class SegTTA(nn.Module):
    """Accepts a batch tensor, a list of CHW images or a sample dict with an 'image' entry."""

    def __init__(self, model, views=None, scales=(1.0,)):
        super().__init__()
        self.model = model
        self.views = dict(views or DEFAULT_VIEWS)
        self.scales = tuple(scales)
        self._predict = self.predict  # cycle

    @singledispatchmethod
    def predict(self, inputs):
        raise TypeError(f"SegTTA cannot handle {type(inputs).__name__}")

    @predict.register
    def _(self, images: torch.Tensor):
        return self._merge(images)

    @predict.register
    def _(self, images: list):
        return [self._merge(img.unsqueeze(0))[0] for img in images]

    @predict.register
    def _(self, sample: dict):
        out = dict(sample)
        out["probs"] = self._merge(sample["image"])
        return out

    def _merge(self, x):
        size = x.shape[-2:]
        total, count = 0.0, 0
        for scale in self.scales:
            xs = x if scale == 1.0 else F.interpolate(
                x, scale_factor=scale, mode="bilinear", align_corners=False)
            for forward_t, inverse_t in self.views.values():
                logits = inverse_t(self.model(forward_t(xs)))
                if logits.shape[-2:] != size:
                    logits = F.interpolate(logits, size=size, mode="bilinear", align_corners=False)
                total = total + logits.softmax(dim=1)
                count += 1
        return total / count

    def forward(self, inputs):
        return self._predict(inputs)
