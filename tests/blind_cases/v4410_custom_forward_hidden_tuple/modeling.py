"""BERT-like encoder with optional gradient checkpointing and per-layer hidden-state outputs."""
from dataclasses import dataclass
from typing import Optional, Tuple

import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint


@dataclass
class BaseModelOutput:
    last_hidden_state: torch.Tensor
    hidden_states: Optional[Tuple[torch.Tensor, ...]] = None
    attention_mask: Optional[torch.Tensor] = None


def create_custom_forward(module, key_padding_mask):
    def custom_forward(hidden):
        return module(hidden, src_key_padding_mask=key_padding_mask)
    return custom_forward


class TinyEncoderConfig(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as err:
            raise AttributeError(name) from err


class TinyEncoder(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.tok = nn.Embedding(config.vocab_size, config.hidden, padding_idx=0)
        self.pos = nn.Embedding(config.max_len, config.hidden)
        self.norm = nn.LayerNorm(config.hidden)
        self.layers = nn.ModuleList(
            nn.TransformerEncoderLayer(config.hidden, nhead=2, dim_feedforward=2 * config.hidden,
                                       dropout=0.0, batch_first=True)
            for _ in range(config.num_layers))
        self.gradient_checkpointing = False

    def forward(self, input_ids, output_hidden_states=False):
        mask = input_ids != 0
        positions = torch.arange(input_ids.size(1))[None, :]
        hidden = self.norm(self.tok(input_ids) + self.pos(positions))
        all_hidden_states = (hidden,) if output_hidden_states else None
        for layer in self.layers:
            layer_fn = create_custom_forward(layer, ~mask)
            if self.gradient_checkpointing and self.training:
                hidden = checkpoint(layer_fn, hidden)
            else:
                hidden = layer_fn(hidden)
            if output_hidden_states:
                all_hidden_states = all_hidden_states + (hidden,)
        return BaseModelOutput(last_hidden_state=hidden, hidden_states=all_hidden_states,
                               attention_mask=mask)


class LastLayersPooler(nn.Module):
    """Mean-pools the concatenation of the last ``k`` hidden states."""

    def __init__(self, hidden, k=2):
        super().__init__()
        self.k = k
        self.proj = nn.Linear(hidden * k, hidden)

    def forward(self, outputs):
        states = torch.cat(outputs.hidden_states[-self.k:], dim=-1)
        mask = outputs.attention_mask.unsqueeze(-1).float()
        pooled = (states * mask).sum(1) / mask.sum(1).clamp_min(1.0)
        return torch.tanh(self.proj(pooled))
