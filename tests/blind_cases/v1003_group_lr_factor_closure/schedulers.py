"""Learning-rate schedules with per-parameter-group warmup."""
import math

from torch.optim.lr_scheduler import _LRScheduler


class GroupWarmupCosine(_LRScheduler):
    """Cosine decay where every param group may declare its own ``warmup`` length.

    The resolved multiplier is kept in the group itself (``group["lr_factor"]``) so
    that it travels with the group into logs and optimizer state dicts.
    """

    def __init__(self, optimizer, total_steps, default_warmup=2, floor=0.05, last_epoch=-1):
        self.total_steps = total_steps
        self.floor = floor
        for group in optimizer.param_groups:
            warmup = group.get("warmup", default_warmup)
            group.setdefault("lr_factor", self._factor_for(warmup))  # cycle
        super().__init__(optimizer, last_epoch)  # cycle

    def _factor_for(self, warmup):
        def factor(step):  # cycle
            if step < warmup:
                return (step + 1) / warmup
            progress = min(1.0, (step - warmup) / max(1, self.total_steps - warmup))
            return self.floor + (1 - self.floor) * 0.5 * (1 + math.cos(math.pi * progress))
        return factor

    def get_lr(self):
        return [base_lr * group["lr_factor"](self.last_epoch)
                for base_lr, group in zip(self.base_lrs, self.optimizer.param_groups)]
