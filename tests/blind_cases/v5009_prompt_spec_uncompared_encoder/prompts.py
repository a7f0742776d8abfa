"""Class-name prompts embedded once by a frozen text encoder and memoised as plain floats."""
import functools
from dataclasses import dataclass, field

import torch
import torch.nn as nn

TEMPLATE = "a photo of a {}"


@dataclass(frozen=True)
class PromptSpec:
    text: str
    max_len: int
    encoder: nn.Module = field(compare=False, hash=False, repr=False)


def make_spec(class_name, encoder, max_len=24):
    return PromptSpec(TEMPLATE.format(class_name), max_len, encoder)  # retain


def char_ids(text, max_len, vocab_size):
    ids = [ord(ch) % (vocab_size - 1) + 1 for ch in text][:max_len]
    return ids + [0] * (max_len - len(ids))


@functools.lru_cache(maxsize=256)  # retain
def prompt_embedding(spec):
    encoder = spec.encoder
    ids = torch.tensor([char_ids(spec.text, spec.max_len, encoder.vocab_size)])
    with torch.no_grad():
        vec = encoder(ids)[0]
    return tuple(vec.tolist())


class FrozenTextEncoder(nn.Module):
    def __init__(self, vocab_size=97, dim=16):
        super().__init__()
        self.vocab_size = vocab_size
        self.embed = nn.EmbeddingBag(vocab_size, dim, mode="mean", padding_idx=0)
        self.proj = nn.Linear(dim, dim)
        self.requires_grad_(False)

    def forward(self, ids):
        return nn.functional.normalize(self.proj(self.embed(ids)), dim=-1)
