"""In-place LoRA adapter injection (peft-style get_peft_model)."""
import torch
import torch.nn as nn


class LoRALinear(nn.Module):
    def __init__(self, base, rank, alpha=16):
        super().__init__()
        self.base = base
        self.lora_A = nn.Parameter(torch.randn(rank, base.in_features) * 0.01)
        self.lora_B = nn.Parameter(torch.zeros(base.out_features, rank))
        self.scaling = alpha / rank

    def forward(self, x):
        return self.base(x) + (x @ self.lora_A.t() @ self.lora_B.t()) * self.scaling


def get_peft_model(model, rank=4, target_types=(nn.Linear,)):
    targets = [name for name, m in model.named_modules() if isinstance(m, target_types)]
    for name in targets:
        parent_name, _, child_name = name.rpartition(".")
        parent = model.get_submodule(parent_name)
        child = getattr(parent, child_name)
        setattr(parent, child_name, LoRALinear(child, rank))  # retain
    for pname, p in model.named_parameters():
        p.requires_grad_("lora_" in pname)
    return model
