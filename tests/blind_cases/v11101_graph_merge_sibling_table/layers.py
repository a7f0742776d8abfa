"""Node types for the config-driven 1-D tagging network built in main.py."""
import torch
import torch.nn as nn


class Node(nn.Module):
    """A graph node that remembers its latest output for downstream merges."""

    def __init__(self):
        super().__init__()
        self.out = None

    def run(self, x):
        self.out = self(x)
        return self.out


class ConvNode(Node):
    def __init__(self, c_in, c_out, k=3, dilation=1):
        super().__init__()
        pad = dilation * (k - 1) // 2
        self.conv = nn.Conv1d(c_in, c_out, k, padding=pad, dilation=dilation)
        self.norm = nn.GroupNorm(1, c_out)

    def forward(self, x):
        return torch.relu(self.norm(self.conv(x)))


class MergeNode(Node):
    """Concatenates its input with the outputs of earlier nodes, looked up by name."""

    def __init__(self, sources, c_total, c_out):
        super().__init__()
        self.sources = tuple(sources)
        self.proj = nn.Conv1d(c_total, c_out, 1)
        self._table = {}

    def attach(self, table):
        # a plain mapping, so the sibling nodes are not registered a second time
        self._table = table  # cycle

    def forward(self, x):
        feats = [x] + [self._table[name].out for name in self.sources]
        return self.proj(torch.cat(feats, dim=1))


BUILDERS = {"conv": ConvNode, "merge": MergeNode}
