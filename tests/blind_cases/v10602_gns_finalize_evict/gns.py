"""Process-wide gradient-noise-scale bookkeeping shared by every trainer."""
import weakref

import torch

_TRACKED = {}


class _Entry:
    __slots__ = ("name", "params", "mean_grad", "sq_norm", "steps", "decay")

    def __init__(self, name, params, decay):
        self.name = name
        self.params = params
        self.mean_grad = None
        self.sq_norm = 0.0
        self.steps = 0
        self.decay = decay


def _evict(key):
    _TRACKED.pop(key, None)


def watch(model, name, decay=0.9):
    key = "%s@%x" % (name, id(model))
    params = [p for p in model.parameters() if p.requires_grad]
    _TRACKED[key] = _Entry(name, params, decay)
    weakref.finalize(model, _evict, key)
    return key


@torch.no_grad()
def observe(key):
    entry = _TRACKED[key]
    flat = torch.cat([p.grad.reshape(-1) for p in entry.params if p.grad is not None])
    d = entry.decay
    if entry.mean_grad is None:
        entry.mean_grad = flat.clone()
    else:
        entry.mean_grad.mul_(d).add_(flat, alpha=1 - d)
    entry.sq_norm = d * entry.sq_norm + (1 - d) * float(flat.pow(2).sum())
    entry.steps += 1


def noise_scale(key, batch_size):
    entry = _TRACKED[key]
    g2 = float(entry.mean_grad.pow(2).sum())
    trace = max(entry.sq_norm - g2, 0.0) * batch_size
    return trace / max(g2, 1e-12)


def tracked_names():
    return sorted(e.name for e in _TRACKED.values())
