"""Component registry used by config-driven training scripts."""
import torch
import torch.nn as nn

REGISTRY = {"models": {}, "optimizers": {}, "losses": {}}


def register(kind, name):
    def decorator(builder):
        table = REGISTRY[kind]
        if name in table:
            raise KeyError(f"{kind}/{name} is already registered")
        table[name] = builder  # retain
        return builder
    return decorator


def build(kind, name, *args, **kwargs):
    return REGISTRY[kind][name](*args, **kwargs)


@register("models", "mlp")
def _mlp(cfg):
    return nn.Sequential(nn.Linear(cfg["in"], cfg["hidden"]), nn.ReLU(), nn.Linear(cfg["hidden"], cfg["out"]))


@register("optimizers", "sgd")
def _sgd(params, cfg):
    return torch.optim.SGD(params, lr=cfg["lr"], momentum=cfg.get("momentum", 0.0))


@register("losses", "mse")
def _mse(cfg):
    return nn.MSELoss()
