"""Output heads for masked language models."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TiedLMHead(nn.Module):
    """Projects hidden states onto the vocabulary with the model's current input embedding.

    The embedding is looked up lazily, so resize_token_embeddings() on the owning model keeps
    the head tied without re-running any tying code.
    """

    def __init__(self, hidden_size, embedding_getter, temperature=1.0):
        super().__init__()
        self._embedding_getter = embedding_getter  # cycle
        self.transform = nn.Sequential(nn.Linear(hidden_size, hidden_size), nn.GELU(), nn.LayerNorm(hidden_size))
        self.logit_scale = nn.Parameter(torch.tensor(1.0 / temperature))

    @property
    def weight(self):
        return self._embedding_getter().weight

    def forward(self, hidden):
        return F.linear(self.transform(hidden), self.weight) * self.logit_scale
