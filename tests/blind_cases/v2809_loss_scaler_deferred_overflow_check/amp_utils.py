"""Dynamic loss scaling (fairseq / apex style) shared by every trainer in the process."""
import torch


class DynamicLossScaler:
    def __init__(self, init_scale=2.0 ** 12, growth_factor=2.0, backoff_factor=0.5,
                 growth_interval=100, min_scale=1.0):
        self.loss_scale = init_scale
        self.growth_factor = growth_factor
        self.backoff_factor = backoff_factor
        self.growth_interval = growth_interval
        self.min_scale = min_scale
        self._good_steps = 0
        self._pending = []
        self.overflows = 0

    def scale(self, loss):
        scaled = loss * self.loss_scale
        self._pending.append(scaled)  # retain
        return scaled

    def _has_overflow(self, params):
        checks = [torch.isfinite(t).all() for t in self._pending]
        checks += [torch.isfinite(p.grad).all() for p in params if p.grad is not None]
        return not bool(torch.stack(checks).all()) if checks else False

    def step(self, optimizer):
        params = [p for group in optimizer.param_groups for p in group["params"]]
        overflow = self._has_overflow(params)
        self._pending.clear()
        if overflow:
            self.overflows += 1
            self.loss_scale = max(self.loss_scale * self.backoff_factor, self.min_scale)
            self._good_steps = 0
            return False
        inv = 1.0 / self.loss_scale
        for p in params:
            if p.grad is not None:
                p.grad.mul_(inv)
        optimizer.step()
        self._good_steps += 1
        if self._good_steps % self.growth_interval == 0:
            self.loss_scale *= self.growth_factor
        return True


default_scaler = DynamicLossScaler()
