"""Progressive-network columns and the lateral adapters that read earlier columns."""
import weakref

import torch
import torch.nn as nn


class Column(nn.Module):
    """One column of a progressive network: two hidden layers and a task head."""

    def __init__(self, in_dim, hidden, n_out):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.head = nn.Linear(hidden, n_out)
        self.laterals = nn.ModuleList()
        self.frozen = False
        self._readers = weakref.WeakSet()
        self.h1 = None

    def freeze(self):
        self.frozen = True
        self.requires_grad_(False)
        self.eval()

    def fan_out(self):
        return len(self._readers)

    def forward(self, x):
        h1 = torch.relu(self.fc1(x))
        self.h1 = h1.detach()
        z = self.fc2(h1)
        for lateral in self.laterals:
            z = z + lateral()
        return self.head(torch.relu(z))


class LateralAdapter(nn.Module):
    """Maps the first hidden layer of an earlier (frozen) column into a new column.

    The source column is kept out of the module tree so that its parameters are
    not counted again in the new column's parameters() and state_dict().
    """

    def __init__(self, source, hidden):
        super().__init__()
        self.alpha = nn.Parameter(torch.tensor(0.1))
        self.proj = nn.Linear(hidden, hidden, bias=False)
        self._source = (source,)
        source._readers.add(self)

    @property
    def source(self):
        return self._source[0]

    def forward(self):
        return self.proj(self.alpha * self.source.h1)
