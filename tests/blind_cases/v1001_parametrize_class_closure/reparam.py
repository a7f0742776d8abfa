"""Weight reparametrisations used by the calibrated classifier."""
import torch
import torch.nn as nn
from torch.nn.utils import parametrize


class TemperatureSchedule:
    """Linear annealing of a softmax temperature, advanced once per update."""

    def __init__(self, start=2.0, end=0.5, steps=6):
        self.start, self.end, self.steps = start, end, steps
        self.t = 0

    def advance(self):
        self.t += 1

    def __call__(self):
        frac = min(1.0, self.t / self.steps)
        return self.start + (self.end - self.start) * frac


class CosineTemperature(nn.Module):
    """Unit-norm weight rows divided by the current temperature."""

    def __init__(self, schedule):
        super().__init__()
        self.schedule = schedule

    def forward(self, weight):
        rows = weight / weight.norm(dim=1, keepdim=True).clamp_min(1e-6)
        return rows / self.schedule()


def attach_temperature(model, schedule, min_out=2):
    """Reparametrise the classifier-like Linear layers of `model` in place."""
    targets = [m for m in model.modules() if isinstance(m, nn.Linear) and m.out_features >= min_out]
    for layer in targets[-1:]:
        parametrize.register_parametrization(layer, "weight", CosineTemperature(schedule))  # cycle
    return targets[-1:]


def export_plain_weights(model):
    """Weights with the parametrisations evaluated (for inference export)."""
    out = {}
    with torch.no_grad():
        for name, mod in model.named_modules():
            if parametrize.is_parametrized(mod):
                out[name + ".weight"] = mod.weight.detach().clone()
    return out
