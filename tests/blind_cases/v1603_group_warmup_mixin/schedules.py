"""Per-parameter-group warmup + cosine schedules for trainers that own an optimizer."""
import math

from torch.optim.lr_scheduler import LambdaLR


class WarmupCosineMixin:
    """Needs ``self.optimizer``, ``self.warmup_steps`` (dict keyed by group name) and ``self.total_steps``."""

    min_lr_ratio = 0.05

    def _lr_factor_for(self, group_name):
        def factor(step):  # cycle
            warm = self.warmup_steps.get(group_name, 0)
            if step < warm:
                return (step + 1) / warm
            progress = (step - warm) / max(1, self.total_steps - warm)
            cosine = 0.5 * (1.0 + math.cos(math.pi * min(1.0, progress)))
            return self.min_lr_ratio + (1.0 - self.min_lr_ratio) * cosine

        return factor

    def configure_scheduler(self):
        names = [group.get("name", "default") for group in self.optimizer.param_groups]
        factors = [self._lr_factor_for(name) for name in names]
        scheduler = LambdaLR(self.optimizer, lr_lambda=factors)  # cycle
        return scheduler, "step"
