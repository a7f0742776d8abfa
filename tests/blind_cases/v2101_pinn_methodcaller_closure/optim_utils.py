"""Optimizer construction from a config dict, and a uniform way to step optimizers."""
import operator

import torch

OPTIMIZERS = {
    "adam": torch.optim.Adam,
    "sgd": torch.optim.SGD,
    "lbfgs": torch.optim.LBFGS,
}


def build_optimizers(model, spec):
    """One optimizer per parameter prefix, e.g. {"body": {...}, "head": {...}}."""
    optimizers = []
    for prefix, cfg in spec.items():
        cfg = dict(cfg)
        kind = cfg.pop("type")
        params = [p for name, p in model.named_parameters() if name.startswith(prefix)]
        optimizers.append(OPTIMIZERS[kind](params, **cfg))
    return optimizers


def make_stepper(closure):
    """Closure-based optimizers (LBFGS) need ``step(closure)``; others accept it too."""
    return operator.methodcaller("step", closure=closure)  # cycle


def zero_all(optimizers):
    for opt in optimizers:
        opt.zero_grad(set_to_none=True)
