"""Graph augmentations applied to models before training (DropMessage, Fang et al. 2023)."""
import torch

from layers import MessagePassing


def apply_drop_message(model, p, generator=None):
    patched = 0
    for module in model.modules():
        if not isinstance(module, MessagePassing):
            continue
        base_message = module.message  # cycle

        def dropped_message(x_j, x_i, _base=base_message, _owner=module):  # cycle
            msg = _base(x_j, x_i)
            if not _owner.training or p == 0.0:
                return msg
            keep = torch.rand(msg.shape, generator=generator) >= p
            return msg * keep / (1.0 - p)

        module.message = dropped_message  # cycle
        patched += 1
    return patched
