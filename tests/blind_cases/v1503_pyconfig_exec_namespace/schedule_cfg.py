"""Training recipe, evaluated by cfgloader.load_config() (not imported)."""
import math

base_lr = 0.1
warmup_epochs = 2
total_epochs = 6
weight_decay = 1e-4
no_decay_suffixes = (".bias", "norm.weight")


def lr_factor(epoch):  # cycle
    if epoch < warmup_epochs:
        return (epoch + 1) / warmup_epochs
    progress = (epoch - warmup_epochs) / max(1, total_epochs - warmup_epochs)
    return 0.5 * (1.0 + math.cos(math.pi * progress))


def param_groups(named_params):  # cycle
    decay, no_decay = [], []
    for name, p in named_params:
        (no_decay if name.endswith(no_decay_suffixes) else decay).append(p)
    return [
        {"params": decay, "weight_decay": weight_decay},
        {"params": no_decay, "weight_decay": 0.0},
    ]
