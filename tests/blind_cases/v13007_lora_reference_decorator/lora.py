"""LoRA-adapted causal LM; with the adapters switched off it doubles as the reference model."""
import contextlib
import math

import torch
import torch.nn as nn


class LoRALinear(nn.Module):
    def __init__(self, base, rank=4, alpha=8.0):
        super().__init__()
        self.base = base.requires_grad_(False)
        self.lora_a = nn.Parameter(torch.randn(rank, base.in_features) / math.sqrt(base.in_features))
        self.lora_b = nn.Parameter(torch.zeros(base.out_features, rank))
        self.scaling = alpha / rank
        self.active = True

    def forward(self, x):
        out = self.base(x)
        if self.active:
            out = out + (x @ self.lora_a.t() @ self.lora_b.t()) * self.scaling
        return out


class LoRACausalLM(nn.Module):
    def __init__(self, vocab, hidden, rank):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden).requires_grad_(False)
        self.proj = LoRALinear(nn.Linear(hidden, hidden), rank)
        self.lm_head = LoRALinear(nn.Linear(hidden, vocab), rank)
        self.reference_logprobs = self.adapters_disabled()(self.token_logprobs)  # cycle

    def forward(self, ids):
        h = self.embed(ids).cumsum(1) / torch.arange(1, ids.shape[1] + 1).view(1, -1, 1)
        return self.lm_head(torch.tanh(self.proj(h)))

    def token_logprobs(self, seq, start):
        logp = torch.log_softmax(self(seq[:, :-1]), -1)
        return logp.gather(-1, seq[:, 1:].unsqueeze(-1)).squeeze(-1)[:, start:]

    @contextlib.contextmanager
    def adapters_disabled(self):
        layers = [m for m in self.modules() if isinstance(m, LoRALinear)]
        previous = [layer.active for layer in layers]
        for layer in layers:
            layer.active = False
        try:
            yield self
        finally:
            for layer, was_active in zip(layers, previous):
                layer.active = was_active
