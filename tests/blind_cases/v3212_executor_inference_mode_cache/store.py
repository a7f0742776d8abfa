"""Module-level store of recent predictions, shared by all endpoint instances."""
import hashlib
from collections import OrderedDict

import torch

_MAX = 128
_PREDICTIONS = OrderedDict()


def fingerprint(x: torch.Tensor) -> str:
    return hashlib.sha1(x.contiguous().numpy().tobytes()).hexdigest()[:16]


def lookup(key):
    hit = _PREDICTIONS.get(key)
    if hit is not None:
        _PREDICTIONS.move_to_end(key)
    return hit


def remember(key, scores):
    _PREDICTIONS[key] = scores
    while len(_PREDICTIONS) > _MAX:
        _PREDICTIONS.popitem(last=False)


def size():
    return len(_PREDICTIONS)
