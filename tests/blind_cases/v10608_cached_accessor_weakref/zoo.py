import weakref

import torch
import torch.nn as nn

from accessors import register_accessor


class ZooModel(nn.Module):
    """Base class of every model in the project."""


class MLP(ZooModel):
    def __init__(self, sizes):
        super().__init__()
        layers = []
        for a, b in zip(sizes[:-1], sizes[1:]):
            layers += [nn.Linear(a, b), nn.GELU()]
        self.net = nn.Sequential(*layers[:-1])

    def forward(self, x):
        return self.net(x)


@register_accessor(ZooModel, "stats")
class StatsAccessor:
    def __init__(self, model):
        self._model_ref = weakref.ref(model)

    @property
    def _model(self):
        model = self._model_ref()
        if model is None:
            raise ReferenceError("the model behind this accessor is gone")
        return model

    @torch.no_grad()
    def grad_norm(self):
        norms = [p.grad.norm() for p in self._model.parameters() if p.grad is not None]
        return float(torch.stack(norms).norm()) if norms else 0.0

    @torch.no_grad()
    def param_norm(self):
        return float(torch.stack([p.norm() for p in self._model.parameters()]).norm())

    def num_params(self, trainable_only=True):
        return sum(p.numel() for p in self._model.parameters() if p.requires_grad or not trainable_only)
