"""Gathers the load-balancing losses that MoE layers return next to their hidden states."""
import torch
from torch.nn.modules.module import register_module_forward_hook


class AuxLossCollector:
    """Context manager: while active, every forward of a routed layer records its aux loss."""

    def __init__(self, layer_types, coef):
        self.layer_types = tuple(layer_types)
        self.coef = coef
        self.losses = []
        self.calls = 0
        self._handle = None

    def __enter__(self):
        self.losses.clear()
        self._handle = register_module_forward_hook(self._on_forward)  # retain
        return self

    def __exit__(self, exc_type, exc, tb):
        self._handle.remove()
        return False

    def _on_forward(self, module, inputs, output):
        if not isinstance(module, self.layer_types):
            return None
        _, aux = output
        self.losses.append(aux)
        self.calls += 1
        return None

    def pop(self):
        if not self.losses:
            return torch.zeros(())
        total = self.coef * torch.stack(self.losses).sum()
        self.losses.clear()
        return total
