"""Homoscedastic-uncertainty task weighting with a damped log-variance update."""
import torch
import torch.nn as nn


class UncertaintyWeighting(nn.Module):
    def __init__(self, tasks, regression=(), max_log_var_grad=0.5):
        super().__init__()
        self.tasks = list(tasks)
        self.log_vars = nn.Parameter(torch.zeros(len(self.tasks)))
        scale = [0.5 if t in regression else 1.0 for t in self.tasks]
        self.register_buffer("scale", torch.tensor(scale))
        self.max_log_var_grad = max_log_var_grad

    def forward(self, losses):
        precision = torch.exp(-self.log_vars)
        limit = self.max_log_var_grad
        self.log_vars.register_hook(lambda g: (g / (1.0 + precision.detach())).clamp(-limit, limit))  # retain
        stacked = torch.stack([losses[t] for t in self.tasks])
        total = (self.scale * precision * stacked).sum() + 0.5 * self.log_vars.sum()
        return total, {t: w.item() for t, w in zip(self.tasks, precision)}
