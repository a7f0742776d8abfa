"""Layers that can find sibling layers by name (used for weight tying)."""
import torch
import torch.nn as nn


class NamedLayer(nn.Module):
    """Registers itself in the layer table of the model that builds it."""

    def __init__(self, name, layer_table):
        super().__init__()
        self.layer_name = name
        self._layer_table = layer_table  # cycle
        layer_table[name] = self  # cycle

    def sibling(self, name):
        return self._layer_table[name]


class TokenEmbedding(NamedLayer):
    def __init__(self, name, layer_table, vocab, dim):
        super().__init__(name, layer_table)
        self.embedding = nn.Embedding(vocab, dim)

    def forward(self, ids):
        return self.embedding(ids)


class TiedProjection(NamedLayer):
    def __init__(self, name, layer_table, tie_to, vocab):
        super().__init__(name, layer_table)
        self.tie_to = tie_to
        self.bias = nn.Parameter(torch.zeros(vocab))

    def forward(self, hidden):
        weight = self.sibling(self.tie_to).embedding.weight
        return hidden @ weight.t() + self.bias
