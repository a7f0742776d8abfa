"""Single-path one-shot supernet: every block holds several candidate ops, one active at a time."""
import torch
import torch.nn as nn

CANDIDATES = ("linear_relu", "linear_tanh", "bottleneck", "skip")


def make_candidate(kind, dim):
    if kind == "linear_relu":
        return nn.Sequential(nn.Linear(dim, dim), nn.ReLU())
    if kind == "linear_tanh":
        return nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
    if kind == "bottleneck":
        return nn.Sequential(nn.Linear(dim, dim // 2), nn.ReLU(), nn.Linear(dim // 2, dim))
    return nn.Identity()


class ChoiceBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.candidates = nn.ModuleList(make_candidate(k, dim) for k in CANDIDATES)
        self.active = 0

    def forward(self, x):
        return x + self.candidates[self.active](x)


class SuperNet(nn.Module):
    def __init__(self, in_dim, dim, n_blocks, n_classes):
        super().__init__()
        self.stem = nn.Linear(in_dim, dim)
        self.blocks = nn.ModuleList(ChoiceBlock(dim) for _ in range(n_blocks))
        self.head = nn.Linear(dim, n_classes)

    @property
    def num_choices(self):
        return [len(b.candidates) for b in self.blocks]

    def set_path(self, path):
        for block, choice in zip(self.blocks, path):
            block.active = choice

    def forward(self, x):
        h = torch.relu(self.stem(x))
        for block in self.blocks:
            h = block(h)
        return self.head(h)
