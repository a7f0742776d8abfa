"""Transformer decoder with a gated source-context path (OpenNMT-style context gate)."""
import math
from dataclasses import dataclass
from typing import Optional

import torch
import torch.nn as nn

from ckpt_utils import checkpoint_enabled, maybe_checkpoint


@dataclass
class CrossAttentionState:
    memory_mask: torch.Tensor
    temperature: float
    context: Optional[torch.Tensor] = None

    @property
    def has_context(self):
        return self.context is not None


class GatedContextDecoder(nn.Module):
    def __init__(self, vocab_size, d_model, cfg):
        super().__init__()
        self.cfg = cfg
        self.embed = nn.Embedding(vocab_size, d_model, padding_idx=0)
        self.self_block = nn.TransformerEncoderLayer(
            d_model, nhead=2, dim_feedforward=2 * d_model, dropout=0.0, batch_first=True)
        self.q_proj = nn.Linear(d_model, d_model)
        self.gate = nn.Linear(2 * d_model, d_model)
        self.out = nn.Linear(d_model, vocab_size)
        self.scale = 1.0 / math.sqrt(d_model)

    def forward(self, tgt_in, memory, src_mask):
        length = tgt_in.size(1)
        causal = torch.triu(torch.ones(length, length, dtype=torch.bool), diagonal=1)
        hidden = self.self_block(self.embed(tgt_in), src_mask=causal)
        state = CrossAttentionState(memory_mask=src_mask,
                                    temperature=self.cfg.get("attn_temperature", 1.0))

        def attend(query, mem):  # cycle
            scores = self.q_proj(query) @ mem.transpose(1, 2) * self.scale / state.temperature
            scores = scores.masked_fill(~state.memory_mask[:, None, :], -1e4)
            return scores.softmax(-1) @ mem

        context = maybe_checkpoint(checkpoint_enabled(self, self.cfg), attend, hidden, memory)
        state.context = context  # cycle
        gate = torch.sigmoid(self.gate(torch.cat([hidden, state.context], dim=-1)))
        mixed = gate * hidden + (1.0 - gate) * state.context
        return self.out(mixed), state
