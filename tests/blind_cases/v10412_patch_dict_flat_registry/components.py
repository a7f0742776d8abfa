"""Per-kind component tables for config-driven autoencoder experiments."""
import torch
import torch.nn as nn

ENCODERS = {}
SCHEDULES = {}


def encoder(name):
    def decorator(builder):
        if name in ENCODERS:
            raise KeyError(f"encoder {name!r} is already registered")
        ENCODERS[name] = builder
        return builder
    return decorator


def schedule(name):
    def decorator(builder):
        SCHEDULES[name] = builder
        return builder
    return decorator


@encoder("dense")
def _dense(cfg):
    return nn.Sequential(nn.Linear(cfg["dim"], cfg["code"]), nn.Tanh())


@schedule("constant")
def _constant(optimizer, cfg):
    return torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1.0)
