"""Test-time augmentation wrapper that averages de-augmented segmentation logits."""
import random

import torch
import torch.nn as nn

from views import HFlip, Shift, make_view


class SegmentationTTA(nn.Module):
    def __init__(self, model, ops, merge="mean", seed=0):
        super().__init__()
        self.model = model
        self.ops = list(ops)
        self.merge = merge
        self.rng = random.Random(seed)

    @torch.no_grad()
    def forward(self, images):
        views = [make_view(op, images, self.rng) for op in self.ops]
        preds = torch.stack([v.undo(self.model(v.image)) for v in views])
        if self.merge == "max":
            return preds.max(dim=0).values
        return preds.mean(dim=0)


def build_tta(model, cfg):
    ops = [HFlip()] + [Shift(cfg["max_shift"]) for _ in range(cfg["n_shifts"])]
    return SegmentationTTA(model, ops, merge=cfg["merge"], seed=cfg["seed"])
