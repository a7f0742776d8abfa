"""Process-wide frozen sentence encoder shared by all task runs, with a pluggable adapter."""
import weakref

import torch
import torch.nn as nn


class SharedEncoder(nn.Module):
    def __init__(self, vocab=100, dim=16):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.proj = nn.Linear(dim, dim)

    @property
    def adapter(self):
        """Adapter of the task that is currently training (not owned by the encoder)."""
        return self._adapter_ref()

    @adapter.setter
    def adapter(self, module):
        # Keep only a weak reference: the task run owns its adapter.
        self._adapter_ref = weakref.ref(module) if module is not None else (lambda: None)

    def forward(self, tokens):
        h = torch.tanh(self.proj(self.embed(tokens)))
        adapter = self.adapter
        if adapter is not None:
            h = h + adapter(h)
        return h


def _load_frozen():
    torch.manual_seed(1234)
    enc = SharedEncoder()
    enc.requires_grad_(False)
    return enc.eval()


ENCODER = _load_frozen()
