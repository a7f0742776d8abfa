"""Uniform path sampling for SPOS supernet training, driven by a forward pre-hook."""
import collections
import random


class UniformPathSampler:
    """Resamples the active path before every training-mode forward of the supernet."""

    def __init__(self, supernet, seed=0, fixed_path=None):
        self.supernet = supernet  # cycle
        self.rng = random.Random(seed)
        self.fixed_path = fixed_path
        self.counts = collections.Counter()
        self.last_path = None
        self.handle = None

    def install(self):
        self.handle = self.supernet.register_forward_pre_hook(self)  # cycle
        return self

    def sample(self):
        return tuple(self.rng.randrange(n) for n in self.supernet.num_choices)

    def __call__(self, module, inputs):
        if not module.training:
            return None
        path = self.fixed_path or self.sample()
        self.supernet.set_path(path)
        self.counts.update(f"{i}:{c}" for i, c in enumerate(path))
        self.last_path = path
        return None

    def coverage(self):
        total = sum(self.supernet.num_choices)
        return len(self.counts) / total
