"""LoRA delivered as a forward hook: the adapter is a child of the layer it patches."""
import math

import torch
import torch.nn as nn


class LoRAHook(nn.Module):
    """Called as ``hook(host, inputs, output)``; adds ``scaling * B(A(x))`` to the host output."""

    def __init__(self, in_features, out_features, r=4, alpha=8, dropout=0.0):
        super().__init__()
        self.lora_A = nn.Parameter(torch.empty(r, in_features))
        self.lora_B = nn.Parameter(torch.zeros(out_features, r))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
        self.dropout = nn.Dropout(dropout)
        self.scaling = alpha / r
        self.handle = None

    def forward(self, host, inputs, output):
        x = self.dropout(inputs[0])
        return output + (x @ self.lora_A.t() @ self.lora_B.t()) * self.scaling

    def delta_weight(self):
        return (self.lora_B @ self.lora_A) * self.scaling


def inject_lora(model, target_names, **lora_kwargs):
    targets = [(name, m) for name, m in model.named_modules()
               if isinstance(m, nn.Linear) and name.rsplit(".", 1)[-1] in target_names]
    for name, host in targets:
        host.requires_grad_(False)
        adapter = LoRAHook(host.in_features, host.out_features, **lora_kwargs)
        host.add_module("lora", adapter)
        adapter.handle = host.register_forward_hook(adapter)
    return [name for name, _ in targets]


@torch.no_grad()
def merge_and_unload(model):
    for host in [m for m in model.modules() if isinstance(getattr(m, "lora", None), LoRAHook)]:
        adapter = host.lora
        host.weight += adapter.delta_weight()
        adapter.handle.remove()
        del host.lora
