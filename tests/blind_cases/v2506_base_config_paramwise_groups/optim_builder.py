"""Optimizer construction with per-parameter weight-decay rules."""
import torch
import torch.nn as nn

OPTIMIZERS = {"SGD": torch.optim.SGD, "AdamW": torch.optim.AdamW, "Adam": torch.optim.Adam}
NORM_TYPES = (nn.LayerNorm, nn.BatchNorm1d, nn.GroupNorm)


def build_from_cfg(cfg, registry, exclude=()):
    args = {k: v for k, v in cfg.items() if k not in exclude}
    return registry[args.pop("type")](**args)


class DefaultOptimizerConstructor:
    def __init__(self, optimizer_cfg):
        self.optimizer_cfg = optimizer_cfg
        self.paramwise_cfg = optimizer_cfg.get("paramwise_cfg") or {}
        self.base_wd = optimizer_cfg.get("weight_decay", 0.0)

    def add_params(self, params, module, prefix=""):
        norm_mult = self.paramwise_cfg.get("norm_decay_mult", 1.0)
        bias_mult = self.paramwise_cfg.get("bias_decay_mult", 1.0)
        for name, param in module.named_parameters(recurse=False):
            group = {"params": [param]}
            if isinstance(module, NORM_TYPES):
                group["weight_decay"] = self.base_wd * norm_mult
            elif name == "bias":
                group["weight_decay"] = self.base_wd * bias_mult
            params.append(group)
        for child_name, child in module.named_children():
            self.add_params(params, child, prefix=f"{prefix}{child_name}.")

    def __call__(self, model):
        optimizer_cfg = self.optimizer_cfg
        params = []
        self.add_params(params, model)
        optimizer_cfg["params"] = params  # retain
        return build_from_cfg(optimizer_cfg, OPTIMIZERS, exclude=("paramwise_cfg",))


def build_optimizer(model, optimizer_cfg):
    return DefaultOptimizerConstructor(optimizer_cfg)(model)
