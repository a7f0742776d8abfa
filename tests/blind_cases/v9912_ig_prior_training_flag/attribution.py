"""Integrated gradients as an nn.Module, so it can also serve as a training-time attribution prior."""
import torch
import torch.nn as nn


class IntegratedGradients(nn.Module):
    def __init__(self, model, steps=12):
        super().__init__()
        self.model = model
        self.steps = steps

    def _path(self, inputs, baseline):
        alphas = torch.linspace(1.0 / self.steps, 1.0, self.steps, device=inputs.device)
        alphas = alphas.view(-1, *([1] * inputs.dim()))
        return baseline.unsqueeze(0) + alphas * (inputs - baseline).unsqueeze(0)

    def forward(self, inputs, target, baseline=None):
        if baseline is None:
            baseline = torch.zeros_like(inputs)
        path = self._path(inputs, baseline)
        if not path.requires_grad:
            path.requires_grad_(True)
        logits = self.model(path.reshape(-1, inputs.shape[-1]))
        selected = logits.gather(1, target.repeat(self.steps).unsqueeze(1)).sum()
        grads, = torch.autograd.grad(selected, path, create_graph=self.training)
        return (inputs - baseline) * grads.mean(dim=0)


def attribution_prior(attributions, feature_groups):
    """Penalise attribution mass on features that should not matter (expected-gradients style)."""
    return sum(attributions[:, idx].abs().mean() for idx in feature_groups)
