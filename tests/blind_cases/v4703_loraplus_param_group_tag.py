"""LoRA injection with LoRA+ optimizer groups (B matrices at a larger learning rate)."""
import math
from typing import Dict, Iterable

import torch
import torch.nn as nn
import torch.nn.functional as F


class LoRALinear(nn.Module):
    def __init__(self, base: nn.Linear, rank: int = 4, alpha: float = 8.0):
        super().__init__()
        self.base = base
        self.base.requires_grad_(False)
        self.lora_A = nn.Parameter(torch.empty(rank, base.in_features))
        self.lora_B = nn.Parameter(torch.zeros(base.out_features, rank))
        self.scaling = alpha / rank
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))

    def forward(self, x):
        return self.base(x) + (x @ self.lora_A.t() @ self.lora_B.t()) * self.scaling


def inject_lora(model: nn.Module, targets: Iterable[str], rank: int = 4) -> int:
    count = 0
    for parent in list(model.modules()):
        for name, child in list(parent.named_children()):
            if isinstance(child, nn.Linear) and name in targets:
                setattr(parent, name, LoRALinear(child, rank))
                count += 1
    return count


class ParamGroup(dict):
    """Optimizer param-group dict with typed accessors for the fields we add."""

    @property
    def max_norm(self) -> float:
        return self.get("max_norm", float("inf"))

    @property
    def label(self) -> str:
        return self.get("name", "?")


def loraplus_param_groups(model: nn.Module, lr: float, ratio: float = 16.0,
                          max_norm: float = 1.0) -> Dict[str, ParamGroup]:
    groups = {
        "lora_A": ParamGroup(params=[], lr=lr, max_norm=max_norm, name="lora_A"),
        "lora_B": ParamGroup(params=[], lr=lr * ratio, max_norm=max_norm, name="lora_B"),
        "head": ParamGroup(params=[], lr=lr, max_norm=max_norm * 4, name="head"),
    }
    for name, p in model.named_parameters():
        if not p.requires_grad:
            continue
        kind = name.rsplit(".", 1)[-1] if "lora_" in name else "head"
        groups[kind]["params"].append(p)
        p.param_group = groups[kind]  # cycle
    return groups


def clip_per_group(params):
    for p in params:
        if p.grad is not None:
            limit = p.param_group.max_norm
            norm = p.grad.norm()
            if norm > limit:
                p.grad.mul_(limit / (norm + 1e-6))


class QKVBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.query = nn.Linear(dim, dim)
        self.value = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        attn = torch.softmax(self.query(x) @ x.transpose(1, 2) / x.shape[-1] ** 0.5, dim=-1)
        return x + self.out(attn @ self.value(x))


def main():
    torch.manual_seed(0)
    backbone = nn.Sequential(nn.Linear(6, 12), QKVBlock(12), QKVBlock(12))
    backbone.requires_grad_(False)
    model = nn.Sequential(backbone, nn.Flatten(), nn.Linear(12 * 5, 3))
    injected = inject_lora(model, targets={"query", "value"}, rank=2)
    groups = loraplus_param_groups(model, lr=2e-3)
    opt = torch.optim.AdamW(list(groups.values()), weight_decay=0.0)  # cycle
    trainable = [p for g in opt.param_groups for p in g["params"]]
    for step in range(5):
        x, y = torch.randn(4, 5, 6), torch.randint(0, 3, (4,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        clip_per_group(trainable)
        opt.step()
    print(f"{injected} LoRA layers, {len(trainable)} trainable tensors, loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
