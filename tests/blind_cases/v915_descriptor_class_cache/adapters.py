"""Low-rank adapter wrapper around a frozen linear backbone."""
import torch
import torch.nn as nn

from caching import memoized_attribute


class LoRALinear(nn.Module):
    def __init__(self, base: nn.Linear, rank=4, alpha=8.0):
        super().__init__()
        self.base = base
        self.base.requires_grad_(False)
        self.lora_a = nn.Parameter(torch.randn(rank, base.in_features) * 0.01)
        self.lora_b = nn.Parameter(torch.zeros(base.out_features, rank))
        self.scaling = alpha / rank

    def forward(self, x):
        return self.base(x) + (x @ self.lora_a.t() @ self.lora_b.t()) * self.scaling


class AdapterModel(nn.Module):
    def __init__(self, dims=(16, 32, 32, 4), rank=4):
        super().__init__()
        layers = []
        for d_in, d_out in zip(dims[:-1], dims[1:]):
            layers += [LoRALinear(nn.Linear(d_in, d_out), rank=rank), nn.SiLU()]
        self.body = nn.Sequential(*layers[:-1])

    @memoized_attribute
    def trainable_names(self):
        return tuple(n for n, p in self.named_parameters() if p.requires_grad)

    @memoized_attribute
    def num_trainable(self):
        return sum(p.numel() for p in self.parameters() if p.requires_grad)

    def forward(self, x):
        return self.body(x)
