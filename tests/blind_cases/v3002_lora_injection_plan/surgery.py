"""LoRA injection driven by a ModuleVisitor; the plan is kept so adapters can be merged for export."""
import copy
from dataclasses import dataclass

import torch
import torch.nn as nn

from visitor import ModuleVisitor, Slot


class LoRALinear(nn.Module):
    def __init__(self, base: nn.Linear, rank=4, alpha=8.0):
        super().__init__()
        self.base = base
        self.lora_A = nn.Parameter(torch.randn(rank, base.in_features) * base.in_features ** -0.5)
        self.lora_B = nn.Parameter(torch.zeros(base.out_features, rank))
        self.scaling = alpha / rank

    def forward(self, x):
        return self.base(x) + (x @ self.lora_A.t() @ self.lora_B.t()) * self.scaling

    @torch.no_grad()
    def merged(self):
        fused = copy.deepcopy(self.base)
        fused.weight += self.lora_B @ self.lora_A * self.scaling
        return fused


@dataclass
class Replacement:
    slot: Slot
    original: nn.Linear
    adapter: LoRALinear


@dataclass
class InjectionPlan:
    replacements: tuple = ()

    def merge_into_model(self):
        for rep in self.replacements:
            setattr(rep.slot.parent, rep.slot.attr, rep.adapter.merged())


class _LinearTargets(ModuleVisitor):
    def __init__(self, suffixes):
        super().__init__()
        self.suffixes = tuple(suffixes)
        self.found = []

    def visit_Linear(self, module, slot):
        if slot.qualname.endswith(self.suffixes):
            self.found.append((slot, module))


def inject_lora(model, target_suffixes, rank=4):
    model.requires_grad_(False)
    targets = _LinearTargets(target_suffixes).walk(model).found
    replacements = []
    for slot, linear in targets:
        adapter = LoRALinear(linear, rank)
        setattr(slot.parent, slot.attr, adapter)
        replacements.append(Replacement(slot, linear, adapter))  # cycle
    model.lora_plan = InjectionPlan(tuple(replacements))  # cycle
    return model.lora_plan
