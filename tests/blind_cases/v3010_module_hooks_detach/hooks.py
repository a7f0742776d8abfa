"""accelerate-style forward hooks: a ModelHook wraps module.forward until it is removed."""
import functools

import torch


class ModelHook:
    def init_hook(self, module):
        return module

    def pre_forward(self, module, *args, **kwargs):
        return args, kwargs

    def post_forward(self, module, output):
        return output

    def detach_hook(self, module):
        return module


class InputNoiseHook(ModelHook):
    """Adds Gaussian noise to the first positional input while the module is training."""

    def __init__(self, std):
        self.std = std
        self.calls = 0

    def pre_forward(self, module, x, *args, **kwargs):
        self.calls += 1
        if module.training:
            x = x + self.std * torch.randn_like(x)
        return (x,) + args, kwargs


def add_hook_to_module(module, hook):
    if hasattr(module, "_hf_hook"):
        remove_hook_from_module(module)
    old_forward = module.forward
    module._old_forward = old_forward
    module = hook.init_hook(module)
    module._hf_hook = hook

    def new_forward(module, *args, **kwargs):
        args, kwargs = module._hf_hook.pre_forward(module, *args, **kwargs)
        output = module._old_forward(*args, **kwargs)
        return module._hf_hook.post_forward(module, output)

    module.forward = functools.update_wrapper(functools.partial(new_forward, module), old_forward)
    return module


def remove_hook_from_module(module, recurse=False):
    if hasattr(module, "_hf_hook"):
        module._hf_hook.detach_hook(module)
        del module._hf_hook
    if hasattr(module, "_old_forward"):
        vars(module).pop("forward", None)
        del module._old_forward
    if recurse:
        for child in module.children():
            remove_hook_from_module(child, recurse)
    return module
