"""Uniform path sampling for SPOS supernet training, driven by a forward pre-hook."""
import collections
import random


class UniformPathSampler:
    """Resamples the active path before every training-mode forward of the module it is hooked on."""

    def __init__(self, seed=0, fixed_path=None):
        self.rng = random.Random(seed)
        self.fixed_path = fixed_path
        self.counts = collections.Counter()
        self.num_choices = ()
        self.last_path = None
        self.handle = None

    def install(self, supernet):
        self.num_choices = tuple(supernet.num_choices)
        self.handle = supernet.register_forward_pre_hook(self)
        return self

    def uninstall(self):
        if self.handle is not None:
            self.handle.remove()
            self.handle = None

    def sample(self):
        return tuple(self.rng.randrange(n) for n in self.num_choices)

    def __call__(self, module, inputs):
        if not module.training:
            return None
        path = self.fixed_path or self.sample()
        module.set_path(path)
        self.counts.update(f"{i}:{c}" for i, c in enumerate(path))
        self.last_path = path
        return None

    def coverage(self):
        return len(self.counts) / max(1, sum(self.num_choices))
