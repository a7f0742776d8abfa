"""Seeded augmentation pipeline with an epoch-consistent view cache."""
import random

import torch


class RandomErase:
    def __init__(self, p=0.5, size=4):
        self.p, self.size = p, size

    def __call__(self, x, rng):
        if rng.random() < self.p:
            top, left = rng.randrange(x.shape[-2] - self.size), rng.randrange(x.shape[-1] - self.size)
            x = x.clone()
            x[..., top:top + self.size, left:left + self.size] = 0.0
        return x


class RandomFlip:
    def __call__(self, x, rng):
        return x.flip(-1) if rng.random() < 0.5 else x


class RandomPipeline:
    def __init__(self, transforms, seed=0):
        self.transforms = transforms
        self.rng = random.Random(seed)
        self.epoch = 0
        self.cache = {}

    def reseed(self, seed):
        self.rng.seed(seed)

    def set_epoch(self, epoch):
        self.epoch = epoch
        self.cache.clear()

    def __call__(self, index, x):
        if index not in self.cache:
            for t in self.transforms:
                x = t(x, self.rng)
            self.cache[index] = x
        return self.cache[index]


def seed_worker(worker_id, pipeline, base_seed):
    pipeline.reseed(base_seed + worker_id)
    torch.manual_seed(base_seed + worker_id)
