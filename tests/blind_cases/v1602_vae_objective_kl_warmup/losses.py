"""Composable training objectives assembled from a config dict."""
from dataclasses import dataclass, field
from typing import Callable, List, Optional

import torch
import torch.nn.functional as F


def reconstruction(outputs, batch):
    return F.mse_loss(outputs["recon"], batch)


def kl_divergence(outputs, batch):
    mu, logvar = outputs["mu"], outputs["logvar"]
    return -0.5 * torch.mean(1 + logvar - mu.pow(2) - logvar.exp())


@dataclass
class LossTerm:
    name: str
    fn: Callable
    weight: float = 1.0
    schedule: Optional[Callable[[int], float]] = None

    def coefficient(self, step):
        return self.weight * (self.schedule(step) if self.schedule is not None else 1.0)


@dataclass
class Objective:
    terms: List[LossTerm] = field(default_factory=list)

    def __call__(self, outputs, batch, step):
        parts = {t.name: t.coefficient(step) * t.fn(outputs, batch) for t in self.terms}
        return sum(parts.values()), {k: v.item() for k, v in parts.items()}


def build_objective(model, cfg):
    terms = [LossTerm("recon", reconstruction, weight=cfg.get("recon_weight", 1.0))]
    if cfg.get("kl_warmup_steps"):
        warmup = lambda step: min(1.0, (step + 1) / model.kl_warmup_steps)  # cycle
        terms.append(LossTerm("kl", kl_divergence, weight=cfg["beta"], schedule=warmup))  # cycle
    else:
        terms.append(LossTerm("kl", kl_divergence, weight=cfg["beta"]))
    return Objective(terms)  # cycle
