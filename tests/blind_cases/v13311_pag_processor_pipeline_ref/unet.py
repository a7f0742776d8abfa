"""Tiny UNet whose attention layers dispatch to swappable processors (diffusers Attention API)."""
import torch
import torch.nn as nn


class AttnProcessor:
    def __call__(self, attn, hidden_states, encoder_hidden_states=None):
        context = hidden_states if encoder_hidden_states is None else encoder_hidden_states
        q, k, v = attn.to_q(hidden_states), attn.to_k(context), attn.to_v(context)
        probs = (q @ k.transpose(-1, -2) * attn.scale).softmax(dim=-1)
        return attn.to_out(probs @ v)


class Attention(nn.Module):
    def __init__(self, dim, cross_attention_dim=None):
        super().__init__()
        self.scale = dim ** -0.5
        self.to_q = nn.Linear(dim, dim, bias=False)
        self.to_k, self.to_v = (nn.Linear(cross_attention_dim or dim, dim, bias=False) for _ in range(2))
        self.to_out = nn.Linear(dim, dim)
        self.set_processor(AttnProcessor())

    def set_processor(self, processor):
        self.processor = processor  # cycle

    def forward(self, hidden_states, encoder_hidden_states=None):
        return self.processor(self, hidden_states, encoder_hidden_states)


class TinyUNet(nn.Module):
    def __init__(self, channels=4, width=16, cross_dim=12, depth=2):
        super().__init__()
        self.conv_in = nn.Conv2d(channels, width, 3, padding=1)
        self.time_proj = nn.Linear(1, width)
        self.self_attns = nn.ModuleList(Attention(width) for _ in range(depth))
        self.cross_attns = nn.ModuleList(Attention(width, cross_attention_dim=cross_dim) for _ in range(depth))
        self.conv_out = nn.Conv2d(width, channels, 3, padding=1)

    @property
    def attn_processors(self):
        return {f"{name}.processor": m.processor for name, m in self.named_modules() if isinstance(m, Attention)}

    def set_attn_processor(self, processors):
        for name, m in self.named_modules():
            if isinstance(m, Attention):
                m.set_processor(processors[f"{name}.processor"])

    def forward(self, sample, timestep, encoder_hidden_states):
        h = self.conv_in(sample) + self.time_proj(timestep.float().view(-1, 1) / 1000)[:, :, None, None]
        tokens = h.flatten(2).transpose(1, 2)
        for self_attn, cross_attn in zip(self.self_attns, self.cross_attns):
            tokens = tokens + self_attn(tokens)
            tokens = tokens + cross_attn(tokens, encoder_hidden_states)
        return self.conv_out(torch.relu(tokens.transpose(1, 2).reshape(h.shape)))
