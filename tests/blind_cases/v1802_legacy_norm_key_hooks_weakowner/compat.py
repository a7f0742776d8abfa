"""Checkpoint compatibility: older checkpoints stored norm parameters as gamma/beta."""
import functools
import weakref

import torch.nn as nn

LEGACY_SUFFIXES = {"gamma": "weight", "beta": "bias"}


def _rename_norm_keys(state_dict, prefix, local_metadata, strict,
                      missing_keys, unexpected_keys, error_msgs,
                      owner_ref=None, layer_name=""):
    for old, new in LEGACY_SUFFIXES.items():
        key = prefix + old
        if key not in state_dict:
            continue
        state_dict[prefix + new] = state_dict.pop(key)
        owner = owner_ref() if owner_ref is not None else None
        if owner is not None:
            owner.upgraded_keys.append("%s.%s" % (layer_name, old))


class LegacyNormKeysMixin:
    """Mixin for nn.Module subclasses whose norm layers may come from old checkpoints."""

    legacy_norm_types = (nn.LayerNorm, nn.GroupNorm)

    def install_legacy_key_hooks(self):
        self.upgraded_keys = []
        for name, module in self.named_modules():
            if not isinstance(module, self.legacy_norm_types):
                continue
            hook = functools.partial(_rename_norm_keys, owner_ref=weakref.ref(self), layer_name=name)
            module._register_load_state_dict_pre_hook(hook)
        return self

    def legacy_report(self):
        return sorted(set(self.upgraded_keys))


def to_legacy_format(state_dict):
    """Writes a state dict the way the 2019 training code did."""
    out = {}
    for key, value in state_dict.items():
        if key.endswith("norm.weight"):
            key = key[: -len("weight")] + "gamma"
        elif key.endswith("norm.bias"):
            key = key[: -len("bias")] + "beta"
        out[key] = value.clone()
    return out
