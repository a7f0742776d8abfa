"""TRL-style wrapper that adds a scalar value head on top of a causal LM backbone."""
import torch
import torch.nn as nn


class TinyBackbone(nn.Module):
    def __init__(self, vocab, hidden):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.block = nn.Sequential(nn.Linear(hidden, hidden), nn.GELU(), nn.Linear(hidden, hidden))
        self.final_norm = nn.LayerNorm(hidden)
        self.lm_head = nn.Linear(hidden, vocab, bias=False)

    def forward(self, ids):
        h = self.embed(ids).cumsum(1) / torch.arange(1, ids.shape[1] + 1).view(1, -1, 1)
        h = self.final_norm(h + self.block(h))
        return self.lm_head(h)


class ValueHead(nn.Module):
    def __init__(self, hidden, dropout=0.1):
        super().__init__()
        self.dropout = nn.Dropout(dropout)
        self.summary = nn.Linear(hidden, 1)

    def forward(self, hidden_states):
        return self.summary(self.dropout(hidden_states)).squeeze(-1)


class CausalLMWithValueHead(nn.Module):
    def __init__(self, backbone, hidden):
        super().__init__()
        self.pretrained_model = backbone
        self.v_head = ValueHead(hidden)
        self._last_hidden = None

        def _capture_hidden(module, inputs, output):  # cycle
            self._last_hidden = output

        self._tap = backbone.final_norm.register_forward_hook(_capture_hidden)  # cycle

    def forward(self, ids):
        logits = self.pretrained_model(ids)
        values = self.v_head(self._last_hidden)
        return logits, values
