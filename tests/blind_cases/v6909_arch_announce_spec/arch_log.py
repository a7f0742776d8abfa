"""Console reporting for sweeps: print each architecture only once and keep
the best score seen for it."""

_ANNOUNCED = set()
_BEST = {}


def announce(model):
    key = model.spec
    if key in _ANNOUNCED:
        return False
    _ANNOUNCED.add(key)
    print(f"[zoo] new architecture: {model!r}")
    return True


def record(model, loss):
    key = model.spec
    _BEST[key] = min(loss, _BEST.get(key, float("inf")))


def leaderboard():
    return sorted(((loss, spec.tag) for spec, loss in _BEST.items()))
