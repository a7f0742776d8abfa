"""Process-wide update-to-weight ratio monitor (|lr * g| / |w| per parameter) for the dashboard.

Entries are keyed by id(param); a weakref.finalize on each tracked parameter
drops its entries when the parameter is garbage collected, so tracking the
models of several runs in one process does not accumulate stale rows.
"""
import weakref

_NAMES = {}
_WEIGHT_NORM = {}
_UPDATE_RATIO = {}


def _forget(key):
    _NAMES.pop(key, None)
    _WEIGHT_NORM.pop(key, None)
    _UPDATE_RATIO.pop(key, None)


def track(named_parameters, prefix=""):
    for name, p in named_parameters:
        key = id(p)
        if key in _NAMES:
            continue
        _NAMES[key] = prefix + name
        weakref.finalize(p, _forget, key)


def record(optimizer):
    for group in optimizer.param_groups:
        lr = group["lr"]
        for p in group["params"]:
            key = id(p)
            if p.grad is None or key not in _NAMES:
                continue
            w_norm = p.norm()
            _WEIGHT_NORM[key] = w_norm  # retain
            _UPDATE_RATIO[key] = lr * p.grad.norm() / (w_norm + 1e-12)  # retain


def summary():
    rows = []
    for key, name in _NAMES.items():
        if key in _UPDATE_RATIO:
            rows.append((name, float(_UPDATE_RATIO[key]), float(_WEIGHT_NORM[key])))
    return sorted(rows, key=lambda r: r[1], reverse=True)
