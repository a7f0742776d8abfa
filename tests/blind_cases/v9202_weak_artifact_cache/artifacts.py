"""Compiled-artifact cache for the serving parity check.

Validation runs the parity check several times per model, so the TorchScript
compile is memoized per eager model.  The cache is weakly keyed so that an
entry disappears together with the fold's model.
"""
import weakref

import torch

_COMPILED = weakref.WeakKeyDictionary()


def compiled_for(model):
    scripted = _COMPILED.get(model)
    if scripted is None:
        scripted = torch.jit.script(model)  # retain
        _COMPILED[model] = scripted  # retain
    return scripted


def parity_check(model, batch, atol=1e-5):
    was_training = model.training
    model.eval()
    try:
        scripted = compiled_for(model)
        with torch.no_grad():
            eager_out = model(batch)
            script_out = scripted(batch)
        return float((eager_out - script_out).abs().max()) <= atol
    finally:
        model.train(was_training)
