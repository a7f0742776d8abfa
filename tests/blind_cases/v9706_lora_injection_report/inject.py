"""Pattern-based LoRA injection with a per-model report of targets that could not be resolved."""
from dataclasses import dataclass, field

import torch
import torch.nn as nn


class LoRALinear(nn.Module):
    def __init__(self, base, r, alpha):
        super().__init__()
        self.base = base
        self.lora_A = nn.Linear(base.in_features, r, bias=False)
        self.lora_B = nn.Linear(r, base.out_features, bias=False)
        nn.init.zeros_(self.lora_B.weight)
        self.scaling = alpha / r

    def forward(self, x):
        return self.base(x) + self.lora_B(self.lora_A(x)) * self.scaling


@dataclass
class MissingTarget:
    path: str
    error: Exception


@dataclass
class InjectionReport:
    injected: list = field(default_factory=list)
    missing: list = field(default_factory=list)

    def summary(self):
        return f"{len(self.injected)} injected, {len(self.missing)} skipped"


def inject_lora(model, config):
    model.requires_grad_(False)
    report = InjectionReport()
    for idx in range(len(model.layers)):
        for name in config["target_modules"]:
            path = f"layers.{idx}.{name}"
            try:
                base = model.get_submodule(path)
            except AttributeError as err:
                if config.get("strict", False):
                    raise
                report.missing.append(MissingTarget(path, err))  # cycle
                continue
            parent = model.get_submodule(f"layers.{idx}")
            setattr(parent, name, LoRALinear(base, config["r"], config["alpha"]))
            report.injected.append(path)
    model.lora_report = report  # cycle
    return model
