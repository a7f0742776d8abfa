"""Task heads whose input width is inferred from the first batch they see."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.modules.lazy import LazyModuleMixin
from torch.nn.parameter import UninitializedParameter


class LazyTaskHead(LazyModuleMixin, nn.Module):
    cls_to_become = None

    def __init__(self, num_labels, dropout=0.1):
        super().__init__()
        self.num_labels = num_labels
        self.drop = nn.Dropout(dropout)
        self.weight = UninitializedParameter()
        self.bias = UninitializedParameter()

    def reset_parameters(self):
        if not self.has_uninitialized_params():
            nn.init.xavier_uniform_(self.weight)
            nn.init.zeros_(self.bias)

    def initialize_parameters(self, x):
        if self.has_uninitialized_params():
            with torch.no_grad():
                self.weight.materialize((self.num_labels, x.shape[-1]))
                self.bias.materialize((self.num_labels,))
                self.reset_parameters()

    def forward(self, x):
        return F.linear(self.drop(x), self.weight, self.bias)


class MultiTaskNet(nn.Module):
    def __init__(self, in_dim, hidden, tasks, pooling=("mean", "max")):
        super().__init__()
        self.pooling = pooling
        self.encoder = nn.Sequential(nn.Linear(in_dim, hidden), nn.GELU(), nn.Linear(hidden, hidden))
        self.heads = nn.ModuleDict({name: LazyTaskHead(n) for name, n in tasks.items()})

    def forward(self, x):
        h = self.encoder(x)
        parts = {"mean": lambda: h.mean(dim=1), "max": lambda: h.max(dim=1).values,
                 "last": lambda: h[:, -1]}
        pooled = torch.cat([parts[p]() for p in self.pooling], dim=-1)
        return {name: head(pooled) for name, head in self.heads.items()}
