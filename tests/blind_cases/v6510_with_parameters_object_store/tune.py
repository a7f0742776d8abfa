"""Tiny Tuner: with_parameters() indirection, grid/random param space, sequential trials."""
import functools
import itertools
import random

import objstore


def _resolve_and_call(trainable, refs, config):
    kwargs = {name: objstore.get(ref) for name, ref in refs.items()}
    return trainable(config, **kwargs)


def with_parameters(trainable, **kwargs):
    refs = {name: objstore.put(value) for name, value in kwargs.items()}
    wrapped = functools.partial(_resolve_and_call, trainable, refs)
    wrapped.__name__ = trainable.__name__
    return wrapped


class grid:
    def __init__(self, values):
        self.values = list(values)


class Tuner:
    def __init__(self, trainable, param_space, num_samples=1, metric="loss", seed=0):
        self.trainable = trainable
        self.param_space = param_space
        self.num_samples = num_samples
        self.metric = metric
        self.rng = random.Random(seed)

    def _configs(self):
        grid_keys = [k for k, v in self.param_space.items() if isinstance(v, grid)]
        for combo in itertools.product(*(self.param_space[k].values for k in grid_keys)):
            for _ in range(self.num_samples):
                config = dict(zip(grid_keys, combo))
                for key, space in self.param_space.items():
                    if callable(space):
                        config[key] = space(self.rng)
                    elif not isinstance(space, grid):
                        config[key] = space
                yield config

    def fit(self):
        results = []
        for number, config in enumerate(self._configs()):
            metrics = self.trainable(config)
            results.append({"trial": f"{self.trainable.__name__}_{number:03d}", "config": config, **metrics})
        return sorted(results, key=lambda r: r[self.metric])
