"""Trainer extensions: plain functions registered by name, attached to a trainer from config."""
import math

import torch

EXTENSIONS = {}


def extension(name, *, requires=()):
    def deco(fn):
        fn.requires = tuple(requires)
        EXTENSIONS[name] = fn
        return fn
    return deco


@extension("clip_gradients")
def clip_gradients(trainer, max_norm=None):
    max_norm = max_norm or trainer.options.get("max_grad_norm", 1.0)
    norm = torch.nn.utils.clip_grad_norm_(trainer.model.parameters(), max_norm)
    trainer.stats["grad_norm"] = float(norm)


@extension("cosine_lr", requires=("total_steps",))
def cosine_lr(trainer):
    progress = min(trainer.step / trainer.options["total_steps"], 1.0)
    scale = 0.5 * (1.0 + math.cos(math.pi * progress))
    for group in trainer.optimizer.param_groups:
        group["lr"] = group.setdefault("initial_lr", group["lr"]) * scale
    trainer.stats["lr"] = trainer.optimizer.param_groups[0]["lr"]


@extension("track_weight_norm")
def track_weight_norm(trainer):
    with torch.no_grad():
        total = sum(p.norm().item() ** 2 for p in trainer.model.parameters())
    trainer.stats["weight_norm"] = math.sqrt(total)
