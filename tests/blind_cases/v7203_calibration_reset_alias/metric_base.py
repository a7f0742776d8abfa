"""Minimal stateful metric API (update / compute / reset) for the eval loop."""
import torch


class Metric:
    def __init__(self):
        self._defaults = {}
        self._reductions = {}

    def add_state(self, name, default, reduction="sum"):
        if not (torch.is_tensor(default) or isinstance(default, list)):
            raise TypeError(f"state {name!r} must be a tensor or a list")
        self._defaults[name] = default  # retain
        self._reductions[name] = reduction
        setattr(self, name, self._fresh(default))

    @staticmethod
    def _fresh(default):
        if torch.is_tensor(default):
            return default.detach().clone()
        return default  # retain

    def reset(self):
        for name, default in self._defaults.items():
            setattr(self, name, self._fresh(default))

    def state(self):
        return {name: getattr(self, name) for name in self._defaults}

    def update(self, *args, **kwargs):
        raise NotImplementedError

    def compute(self):
        raise NotImplementedError
