"""Transformer encoder that exposes every layer's hidden states for an ELMo-style scalar mix."""
from dataclasses import dataclass, field
from typing import List, Optional

import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint


@dataclass
class EncoderOutputs:
    attention_mask: torch.Tensor
    hidden_states: List[torch.Tensor] = field(default_factory=list)
    last_hidden_state: Optional[torch.Tensor] = None

    @property
    def num_layers(self):
        return len(self.hidden_states)


class LayerwiseEncoder(nn.Module):
    def __init__(self, vocab_size, d_model, num_layers, max_len=32):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, d_model, padding_idx=0)
        self.pos = nn.Embedding(max_len, d_model)
        self.layers = nn.ModuleList(
            nn.TransformerEncoderLayer(d_model, nhead=2, dim_feedforward=2 * d_model,
                                       dropout=0.0, batch_first=True)
            for _ in range(num_layers))
        self.gradient_checkpointing = False

    def gradient_checkpointing_enable(self):
        self.gradient_checkpointing = True

    def forward(self, input_ids):
        positions = torch.arange(input_ids.size(1))[None, :]
        outputs = EncoderOutputs(attention_mask=input_ids != 0)
        hidden = self.tok(input_ids) + self.pos(positions)
        outputs.hidden_states.append(hidden)
        for layer in self.layers:
            def layer_forward(x, layer=layer):  # retain
                return layer(x, src_key_padding_mask=~outputs.attention_mask)

            if self.gradient_checkpointing and self.training:
                hidden = checkpoint(layer_forward, hidden)  # retain
            else:
                hidden = layer_forward(hidden)
            outputs.hidden_states.append(hidden)  # retain
        outputs.last_hidden_state = hidden
        return outputs


class ScalarMix(nn.Module):
    def __init__(self, num_states):
        super().__init__()
        self.weights = nn.Parameter(torch.zeros(num_states))
        self.gamma = nn.Parameter(torch.ones(()))

    def forward(self, states, mask):
        w = self.weights.softmax(0)
        mixed = sum(wi * s for wi, s in zip(w, states)) * self.gamma
        mask = mask.unsqueeze(-1).float()
        return (mixed * mask).sum(1) / mask.sum(1).clamp_min(1.0)
