"""Frozen-artifact cache for the serving parity check.

Validation runs the parity check several times per model, so the TorchScript
compile is memoized per eager model.  The cache is weakly keyed so that an
entry disappears together with the fold's model.  Freezing folds the weights
into the graph, so each entry remembers the parameter versions it was built
from and is rebuilt after the optimizer has touched them.
"""
import weakref

import torch

_FROZEN = weakref.WeakKeyDictionary()


def _weights_version(model):
    return tuple(p._version for p in model.parameters())


def frozen_for(model):
    version = _weights_version(model)
    entry = _FROZEN.get(model)
    if entry is None or entry[0] != version:
        frozen = torch.jit.freeze(torch.jit.script(model))
        _FROZEN[model] = (version, frozen)
        entry = _FROZEN[model]
    return entry[1]


def parity_check(model, batch, atol=1e-5):
    was_training = model.training
    model.eval()
    try:
        frozen = frozen_for(model)
        with torch.no_grad():
            eager_out = model(batch)
            frozen_out = frozen(batch)
        return float((eager_out - frozen_out).abs().max()) <= atol
    finally:
        model.train(was_training)
