"""Minimal torchmetrics-style Metric with named states."""


class Metric:
    def __init__(self):
        self._defaults = {}
        self._group = None

    def add_state(self, name, default):
        self._defaults[name] = default.clone()
        setattr(self, name, default.clone())

    def reset(self):
        for name, default in self._defaults.items():
            setattr(self, name, default.clone())

    def group_key(self):
        return None

    def sync_group(self):
        """Point the other members of this metric's compute group at its state tensors."""
        for other in self._group:
            if other is self:
                continue
            for name in self._defaults:
                setattr(other, name, getattr(self, name))

    def compute(self):
        raise NotImplementedError
