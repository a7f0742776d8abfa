"""Residual MLP blocks with optional activation checkpointing."""
import torch.nn as nn
import torch.nn.functional as F

from ckpt import checkpoint


class ResidualMLPBlock(nn.Module):
    def __init__(self, dim, hidden, use_checkpoint=True):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)
        self.use_checkpoint = use_checkpoint
        self.last_output = None

    def _run(self, x):
        return x + self.fc2(F.gelu(self.fc1(self.norm(x))))

    def forward(self, x):
        if self.use_checkpoint and x.requires_grad:
            out = checkpoint(self._run, x)  # cycle
        else:
            out = self._run(x)
        self.last_output = out  # cycle
        return out


class DeepMLP(nn.Module):
    """Plain trunk followed by one wide residual mixer; only the mixer is checkpointed."""

    def __init__(self, in_dim, dim, depth, n_out, expansion=8, checkpoint_mixer=True):
        super().__init__()
        layers = [nn.Linear(in_dim, dim), nn.GELU()]
        for _ in range(depth - 1):
            layers += [nn.Linear(dim, dim), nn.GELU()]
        self.trunk = nn.Sequential(*layers)
        self.mixer = ResidualMLPBlock(dim, expansion * dim, use_checkpoint=checkpoint_mixer)
        self.head = nn.Linear(dim, n_out)

    def forward(self, x):
        return self.head(self.mixer(self.trunk(x)))

    def representation_norms(self):
        out = self.mixer.last_output
        return [] if out is None else [float(out.norm(dim=-1).mean())]
