"""Mixup / CutMix switching collate function with a linear alpha warm-up measured in optimizer steps."""
import math
import random
import weakref

import torch
import torch.nn.functional as F
from torch.utils.data import default_collate


class MixCollator:
    def __init__(self, num_classes, mixup_alpha=0.4, cutmix_alpha=1.0, switch_prob=0.5,
                 warmup_epochs=1, seed=0):
        self.num_classes = num_classes
        self.mixup_alpha = mixup_alpha
        self.cutmix_alpha = cutmix_alpha
        self.switch_prob = switch_prob
        self.warmup_epochs = warmup_epochs
        self.rng = random.Random(seed)
        self._loader_ref = None
        self.epoch = 0
        self.step = 0

    def attach(self, loader):
        self._loader_ref = weakref.ref(loader)

    def set_epoch(self, epoch):
        self.epoch, self.step = epoch, 0

    def warmup_factor(self):
        loader = self._loader_ref() if self._loader_ref is not None else None
        if loader is None:
            return 1.0
        done = self.epoch * len(loader) + self.step
        return min(1.0, (done + 1) / (self.warmup_epochs * len(loader)))

    def _cutmix(self, x, perm, lam):
        h, w = x.shape[-2:]
        rh, rw = int(h * math.sqrt(1 - lam)), int(w * math.sqrt(1 - lam))
        top, left = self.rng.randint(0, h - rh), self.rng.randint(0, w - rw)
        x[:, :, top:top + rh, left:left + rw] = x[perm, :, top:top + rh, left:left + rw]
        return 1.0 - rh * rw / (h * w)

    def __call__(self, samples):
        x, y = default_collate(samples)
        y = F.one_hot(y, self.num_classes).float()
        scale = self.warmup_factor()
        self.step += 1
        perm = torch.randperm(x.size(0))
        if self.rng.random() < self.switch_prob:
            lam = self._cutmix(x, perm, self.rng.betavariate(self.cutmix_alpha, self.cutmix_alpha))
        else:
            lam = self.rng.betavariate(self.mixup_alpha, self.mixup_alpha)
            x = lam * x + (1 - lam) * x[perm]
        lam = 1.0 - scale * (1.0 - lam)
        return x, lam * y + (1 - lam) * y[perm]
