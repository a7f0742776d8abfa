import torch
import torch.nn as nn
import torch.nn.functional as F

from shared import lookup


class TiedDecoder(nn.Module):
    """Output projection that reuses a published embedding table."""

    def __init__(self, tie_to, vocab_size):
        super().__init__()
        self.tie_to = tie_to
        self.bias = nn.Parameter(torch.zeros(vocab_size))

    def forward(self, hidden):
        table = lookup(self.tie_to)
        return F.linear(hidden, table.weight, self.bias)
