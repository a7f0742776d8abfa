"""Activation statistics kept as buffers, so they travel with the model's state_dict."""
import torch
import torch.nn as nn


class ActivationStats(nn.Module):
    """Running mean / second moment of named activations reported by the observed model."""

    def __init__(self, model, names, momentum=0.1):
        super().__init__()
        self._observed = [model]  # cycle
        self.momentum = momentum
        self.names = list(names)
        for name in self.names:
            self.register_buffer(f"{name}_mean", torch.zeros(()))
            self.register_buffer(f"{name}_sq", torch.zeros(()))
        self.register_buffer("updates", torch.zeros((), dtype=torch.long))

    @property
    def observed(self):
        return self._observed[0]

    @torch.no_grad()
    def observe(self, name, activation):
        if not self.observed.training or name not in self.names:
            return
        a = activation.detach().float()
        m = self.momentum
        getattr(self, f"{name}_mean").mul_(1 - m).add_(a.mean(), alpha=m)
        getattr(self, f"{name}_sq").mul_(1 - m).add_(a.pow(2).mean(), alpha=m)
        self.updates += 1

    def summary(self):
        out = {}
        for name in self.names:
            mean = getattr(self, f"{name}_mean").item()
            var = getattr(self, f"{name}_sq").item() - mean ** 2
            out[name] = (round(mean, 4), round(max(var, 0.0) ** 0.5, 4))
        return out


def attach_stats(model, names, **kwargs):
    stats = ActivationStats(model, names, **kwargs)
    model.add_module("act_stats", stats)  # cycle
    return stats
