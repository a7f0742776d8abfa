"""Console reporting for sweeps: print each architecture only once."""

_ANNOUNCED = set()


def announce(model):
    if model in _ANNOUNCED:
        return False
    _ANNOUNCED.add(model)  # retain
    print(f"[zoo] new architecture: {model!r}")
    return True


def announced_count():
    return len(_ANNOUNCED)
