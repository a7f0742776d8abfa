"""Layer-wise learning-rate decay: parameter groups derived from the module tree."""
from dataclasses import dataclass

import torch.nn as nn


@dataclass
class DecayConfig:
    base_lr: float = 2e-3
    decay: float = 0.75
    weight_decay: float = 0.05
    no_decay_types: tuple = (nn.LayerNorm,)


def layer_id(module_name, num_layers):
    if module_name in ("", "embed"):
        return 0
    if module_name.startswith("blocks."):
        return int(module_name.split(".")[1]) + 1
    return num_layers + 1


def annotate_parameters(model, num_layers):
    """Attach the layer index and the owning module to every parameter."""
    for mod_name, module in model.named_modules():
        for p_name, param in module.named_parameters(recurse=False):
            param.layer_id = layer_id(mod_name, num_layers)
            param.qualname = f"{mod_name}.{p_name}" if mod_name else p_name
            param.module = module  # cycle


def build_param_groups(model, cfg, num_layers):
    groups = {}
    for param in model.parameters():
        if not param.requires_grad:
            continue
        skip_wd = param.ndim == 1 or isinstance(param.module, cfg.no_decay_types)
        key = (param.layer_id, skip_wd)
        if key not in groups:
            scale = cfg.decay ** (num_layers + 1 - param.layer_id)
            groups[key] = {
                "params": [],
                "lr": cfg.base_lr * scale,
                "lr_scale": scale,
                "weight_decay": 0.0 if skip_wd else cfg.weight_decay,
                "names": [],
            }
        groups[key]["params"].append(param)
        groups[key]["names"].append(param.qualname)
    return [groups[k] for k in sorted(groups)]
