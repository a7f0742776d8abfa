"""Encoder whose parameter layout changed twice since the first released checkpoints."""
import torch
import torch.nn as nn

from migrations import VersionedStateMixin


class Encoder(VersionedStateMixin, nn.Module):
    # v1: fc.*            v2: proj.*            v3: proj.* + out_scale buffer
    _version = 3

    def __init__(self, dim_in, dim):
        super().__init__()
        self.proj = nn.Linear(dim_in, dim)
        self.norm = nn.LayerNorm(dim)
        self.register_buffer("out_scale", torch.ones(dim))

    def forward(self, x):
        return self.norm(torch.tanh(self.proj(x))) * self.out_scale

    def _upgrade_v1_to_v2(self, state_dict, prefix):
        for leaf in ("weight", "bias"):
            old = prefix + "fc." + leaf
            if old in state_dict:
                state_dict[prefix + "proj." + leaf] = state_dict.pop(old)

    def _upgrade_v2_to_v3(self, state_dict, prefix):
        state_dict.setdefault(prefix + "out_scale", self.out_scale.detach().clone())


class Classifier(nn.Module):
    def __init__(self, dim_in=12, dim=24, n_classes=3):
        super().__init__()
        self.encoder = Encoder(dim_in, dim)
        self.head = nn.Linear(dim, n_classes)

    def forward(self, x):
        return self.head(self.encoder(x))
