"""Pre-norm residual MLP blocks with stochastic depth and branch statistics."""
import torch
import torch.nn as nn

from ops import stochastic_depth


class ResidualMLPBlock(nn.Module):
    def __init__(self, dim, drop_prob=0.1, expansion=2):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, expansion * dim)
        self.fc2 = nn.Linear(expansion * dim, dim)
        self.drop_prob = drop_prob
        self.last_branch = None

    def survival_prob(self):
        return 1.0 - self.drop_prob

    def sample_mask(self, n):
        return torch.bernoulli(torch.full((n,), self.survival_prob()))

    def forward(self, x):
        branch = self.fc2(torch.relu(self.fc1(self.norm(x))))
        branch = stochastic_depth(branch, self)
        self.last_branch = branch  # cycle
        return x + branch

    def branch_rms(self):
        if self.last_branch is None:
            return 0.0
        return self.last_branch.detach().pow(2).mean().sqrt().item()


class ResidualMLP(nn.Module):
    def __init__(self, dim=16, depth=3, n_out=2, max_drop=0.2):
        super().__init__()
        self.blocks = nn.ModuleList(
            ResidualMLPBlock(dim, drop_prob=max_drop * i / max(1, depth - 1)) for i in range(depth))
        self.head = nn.Linear(dim, n_out)

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x)
        return self.head(x)
