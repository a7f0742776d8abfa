"""mmdet-style results-dict transforms with a mosaic that draws partners from a recent buffer."""
import random
from collections import deque

import torch
import torch.nn.functional as F


class BaseTransform:
    def __call__(self, results):
        results.setdefault("applied", []).append(self)  # cycle
        return self.transform(results)

    def transform(self, results):
        raise NotImplementedError


class Mosaic(BaseTransform):
    """Tile the current image with three images from the recent-sample buffer."""

    def __init__(self, out_size=32, buffer_size=8, prob=1.0, seed=0):
        self.out_size = out_size
        self.prob = prob
        self._buffer = deque(maxlen=buffer_size)  # cycle
        self._rng = random.Random(seed)

    def transform(self, results):
        self._buffer.append(results)  # cycle
        if len(self._buffer) < 4 or self._rng.random() > self.prob:
            return dict(results, img=F.interpolate(results["img"][None], size=self.out_size)[0])
        partners = self._rng.sample(list(self._buffer)[:-1], 3)
        half = self.out_size // 2
        tiles = [F.interpolate(r["img"][None], size=half)[0] for r in [results] + partners]
        top = torch.cat(tiles[:2], dim=2)
        bottom = torch.cat(tiles[2:], dim=2)
        labels = torch.stack([r["label"] for r in [results] + partners])
        return {"img": torch.cat([top, bottom], dim=1), "label": labels.float().mean(0),
                "idx": results["idx"]}


class RandomFlip(BaseTransform):
    def __init__(self, prob=0.5, seed=1):
        self.prob = prob
        self._rng = random.Random(seed)

    def transform(self, results):
        if self._rng.random() < self.prob:
            results = dict(results, img=results["img"].flip(-1))
        return results


class Normalize(BaseTransform):
    def __init__(self, mean=0.5, std=0.25):
        self.mean, self.std = mean, std

    def transform(self, results):
        return dict(results, img=(results["img"] - self.mean) / self.std)


class Compose:
    def __init__(self, transforms):
        self.transforms = list(transforms)

    def __call__(self, results):
        for t in self.transforms:
            results = t(results)
        return results
