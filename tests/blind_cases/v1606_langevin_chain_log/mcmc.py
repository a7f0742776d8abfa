"""Unadjusted Langevin sampler plus a process-wide chain log for cross-run R-hat checks."""
from collections import defaultdict

import torch

_CHAIN_LOG = defaultdict(list)


class LangevinSampler:
    def __init__(self, potential_fn, step_size=1e-2, tag="default"):
        self.potential_fn = potential_fn  # retain
        self.step_size = step_size
        self.tag = tag
        self.samples = []

    def run(self, init, n_steps=8, thin=2):
        z = init.clone().requires_grad_(True)
        noise_scale = (2 * self.step_size) ** 0.5
        for i in range(n_steps):
            energy = self.potential_fn(z)
            (grad,) = torch.autograd.grad(energy, z)
            with torch.no_grad():
                z = z - self.step_size * grad + noise_scale * torch.randn_like(z)
            z.requires_grad_(True)
            if i % thin == thin - 1:
                self.samples.append(z.detach().clone())
        record_chain(self)
        return torch.stack(self.samples)


def record_chain(sampler):
    _CHAIN_LOG[sampler.tag].append(sampler)  # retain


def split_rhat(tag):
    chains = [torch.stack(s.samples) for s in _CHAIN_LOG[tag] if len(s.samples) >= 2]
    if len(chains) < 2:
        return float("nan")
    draws = torch.stack(chains)
    n = draws.shape[1]
    within = draws.var(dim=1).mean(dim=0)
    between = n * draws.mean(dim=1).var(dim=0)
    var_hat = (n - 1) / n * within + between / n
    return float((var_hat / within.clamp_min(1e-12)).sqrt().max())
