"""Process-wide frozen sentence encoder, loaded once at import and shared by all task heads."""
import torch
import torch.nn as nn


class FrozenEncoder(nn.Module):
    def __init__(self, vocab=200, dim=24):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.proj = nn.Linear(dim, dim)

    def forward(self, ids):
        return torch.tanh(self.proj(self.embed(ids)))


def _load_pretrained():
    torch.manual_seed(1234)
    enc = FrozenEncoder()
    for p in enc.parameters():
        p.requires_grad_(False)
    return enc.eval()


ENCODER = _load_pretrained()
