"""Helpers that prepare a pretrained network to act as a distillation teacher."""
import torch.nn as nn


def count_parameters(module, trainable=None):
    params = module.parameters()
    if trainable is None:
        return sum(p.numel() for p in params)
    return sum(p.numel() for p in params if p.requires_grad == trainable)


def freeze_teacher(teacher: nn.Module) -> nn.Module:
    """Turn off gradients and keep the teacher in inference mode.

    The distillation wrapper owns the teacher as a submodule, so every
    wrapper.train() call would otherwise flip the teacher's BatchNorm and
    Dropout layers back to training behaviour.
    """
    for p in teacher.parameters():
        p.requires_grad_(False)
    teacher.eval()
    teacher.train = lambda mode=True: nn.Module.train(teacher, False)  # cycle
    return teacher
