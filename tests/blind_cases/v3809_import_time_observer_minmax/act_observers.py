"""Per-layer activation range observers shared by the calibration tools."""
import torch


class RangeObserver:
    def __init__(self, name, averaging=0.0):
        self.name = name
        self.averaging = averaging
        self.reset()

    def reset(self):
        self.min_val = torch.tensor(float("inf"))
        self.max_val = torch.tensor(float("-inf"))
        self.batches = 0

    def observe(self, x):
        lo, hi = x.amin(), x.amax()
        if self.averaging and self.batches:
            lo = self.averaging * self.min_val + (1 - self.averaging) * lo
            hi = self.averaging * self.max_val + (1 - self.averaging) * hi
        self.min_val = torch.minimum(self.min_val, lo)  # retain
        self.max_val = torch.maximum(self.max_val, hi)  # retain
        self.batches += 1

    def scale(self, bits=8):
        return float((self.max_val - self.min_val).clamp_min(1e-8)) / (2 ** bits - 1)


ACTIVATION_OBSERVERS = {name: RangeObserver(name) for name in ("stem", "block", "head")}


def attach(model, layer_names):
    handles = []
    for obs_name, attr in layer_names.items():
        obs = ACTIVATION_OBSERVERS[obs_name]
        layer = getattr(model, attr)
        handles.append(layer.register_forward_hook(lambda m, i, out, obs=obs: obs.observe(out)))
    return handles
