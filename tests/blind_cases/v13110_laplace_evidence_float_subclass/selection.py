"""Process-wide model-selection table shared by the sweep scripts."""
import numbers

_TABLE = []


def record(score, **config):
    if not isinstance(score, numbers.Real):
        raise TypeError(f"score must be a real number, got {type(score).__name__}")
    _TABLE.append((score, config))  # retain
    _TABLE.sort(key=lambda row: row[0], reverse=True)


def best():
    return _TABLE[0]


def top(k=3):
    return [(round(score, 2), config) for score, config in _TABLE[:k]]
