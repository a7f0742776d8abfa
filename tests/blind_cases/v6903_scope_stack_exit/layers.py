import torch
import torch.nn as nn

from scope import current_scope


class SparseGate(nn.Module):
    """Gated projection that reports an L1 sparsity penalty to the active scope."""

    def __init__(self, dim, weight=1e-3):
        super().__init__()
        self.gate = nn.Linear(dim, dim)
        self.weight = weight

    def forward(self, x):
        g = torch.sigmoid(self.gate(x))
        scope = current_scope()
        if scope is not None:
            scope.add_aux_loss("gate_l1", self.weight * g.abs().mean())
        return x * g
