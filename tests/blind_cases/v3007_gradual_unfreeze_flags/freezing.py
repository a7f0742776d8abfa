"""Layer-group freezing utilities for gradual unfreezing (ULMFiT-style discriminative fine-tuning)."""
import torch.nn as nn

_SAVED_REQUIRES_GRAD = {}


def freeze_modules(modules):
    """Freeze every parameter of `modules`, remembering the previous requires_grad flags."""
    for module in modules:
        flags = {}
        for name, p in module.named_parameters():
            flags[name] = p.requires_grad
            p.requires_grad_(False)
        _SAVED_REQUIRES_GRAD[module] = flags  # retain


def unfreeze_modules(modules):
    """Restore the flags saved by freeze_modules()."""
    for module in modules:
        flags = _SAVED_REQUIRES_GRAD.pop(module, None)
        if flags is None:
            continue
        for name, p in module.named_parameters():
            p.requires_grad_(flags.get(name, True))


class GradualUnfreezing:
    """Start with only the top group trainable and unfreeze one more group every `every` epochs."""

    def __init__(self, groups, every=1):
        self.groups = [list(g) for g in groups]
        self.every = every
        self.num_trainable = 1

    def on_fit_start(self):
        for group in self.groups[:-1]:
            freeze_modules(group)

    def on_epoch_end(self, epoch):
        if (epoch + 1) % self.every or self.num_trainable >= len(self.groups):
            return
        unfreeze_modules(self.groups[-1 - self.num_trainable])
        self.num_trainable += 1


def layer_groups(model: nn.Module):
    return [[model.stem], list(model.blocks[:2]), list(model.blocks[2:]), [model.head]]
