"""Learning-rate schedules driven per parameter group."""
import math


def warmup_cosine(step, base, warmup, total):
    if step < warmup:
        return base * (step + 1) / warmup
    progress = min(1.0, (step - warmup) / max(1, total - warmup))
    return base * 0.5 * (1.0 + math.cos(math.pi * progress))


def apply_group_lrs(optimizer, step):
    """Each group carries its own 'lr_at' callable; record what was applied for logging."""
    applied = {}
    for group in optimizer.param_groups:
        group["lr"] = group["lr_at"](step)
        applied[group["name"]] = group["lr"]
    return applied
