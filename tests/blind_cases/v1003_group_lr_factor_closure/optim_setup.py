"""Parameter grouping: no weight decay on norms/biases, slower warmup for the head."""
import torch.nn as nn


def param_groups(model, weight_decay=0.01, head_name="head"):
    decay, no_decay, head = [], [], []
    for mod_name, mod in model.named_modules():
        for p_name, p in mod.named_parameters(recurse=False):
            if mod_name.startswith(head_name):
                head.append(p)
            elif p_name == "bias" or isinstance(mod, (nn.LayerNorm, nn.BatchNorm1d)):
                no_decay.append(p)
            else:
                decay.append(p)
    return [
        {"params": decay, "weight_decay": weight_decay},
        {"params": no_decay, "weight_decay": 0.0},
        {"params": head, "weight_decay": weight_decay, "warmup": 4},
    ]
