"""Tiny GPT-style language model used as the editing target."""
from collections import OrderedDict

import torch.nn as nn


def make_block(d_model, d_ff):
    mlp = nn.Sequential(OrderedDict(
        c_fc=nn.Linear(d_model, d_ff), act=nn.GELU(), c_proj=nn.Linear(d_ff, d_model)))
    return nn.ModuleDict({"mlp": mlp})


class TinyLM(nn.Module):
    def __init__(self, name, vocab=32, d_model=16, d_ff=32, n_layer=2):
        super().__init__()
        self.name_or_path = name
        self.wte = nn.Embedding(vocab, d_model)
        self.h = nn.ModuleList([make_block(d_model, d_ff) for _ in range(n_layer)])
        self.lm_head = nn.Linear(d_model, vocab, bias=False)

    def forward(self, tokens):
        x = self.wte(tokens)
        for block in self.h:
            x = x + block["mlp"](x)
        return self.lm_head(x)
