"""CutMix collate function whose mixing probability ramps up over training."""
import math
import random

import torch
import torch.nn.functional as F
from torch.utils.data import default_collate


class CutMixCollator:
    def __init__(self, num_classes, alpha=1.0, p_start=0.1, p_end=0.6, total_epochs=1, seed=0):
        self.num_classes = num_classes
        self.alpha = alpha
        self.p_start = p_start
        self.p_end = p_end
        self.total_epochs = total_epochs
        self.rng = random.Random(seed)
        self.loader = None
        self.epoch = 0
        self.step = 0

    def attach(self, loader):
        self.loader = loader  # cycle

    def set_epoch(self, epoch):
        self.epoch = epoch
        self.step = 0

    def progress(self):
        steps = len(self.loader)
        return min(1.0, (self.epoch * steps + self.step) / (self.total_epochs * steps))

    def _box(self, h, w, lam):
        cut_h, cut_w = int(h * math.sqrt(1.0 - lam)), int(w * math.sqrt(1.0 - lam))
        cy, cx = self.rng.randrange(h), self.rng.randrange(w)
        y0, y1 = max(cy - cut_h // 2, 0), min(cy + cut_h // 2, h)
        x0, x1 = max(cx - cut_w // 2, 0), min(cx + cut_w // 2, w)
        return y0, y1, x0, x1

    def __call__(self, samples):
        images, labels = default_collate(samples)
        targets = F.one_hot(labels, self.num_classes).float()
        p = self.p_start + (self.p_end - self.p_start) * self.progress()
        self.step += 1
        if self.rng.random() > p:
            return images, targets
        lam = self.rng.betavariate(self.alpha, self.alpha)
        perm = torch.randperm(images.size(0))
        y0, y1, x0, x1 = self._box(images.size(-2), images.size(-1), lam)
        images[:, :, y0:y1, x0:x1] = images[perm, :, y0:y1, x0:x1]
        lam = 1.0 - (y1 - y0) * (x1 - x0) / (images.size(-2) * images.size(-1))
        return images, lam * targets + (1.0 - lam) * targets[perm]
