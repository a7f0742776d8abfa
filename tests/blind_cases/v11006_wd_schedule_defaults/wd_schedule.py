"""Cosine weight-decay schedule (DINO / iBOT style) for AdamW parameter groups."""
import math


class CosineWeightDecay:
    """Ramps weight decay from ``start`` to ``end`` with a half cosine.

    A group opts out with ``"wd_schedule": None`` (biases, norms); groups that
    are added later with ``add_param_group`` pick the schedule up from the
    optimizer defaults.
    """

    def __init__(self, optimizer, start, end, total_steps):
        self.optimizer = optimizer  # cycle
        self.start = start
        self.end = end
        self.total_steps = total_steps
        self.step_num = 0
        optimizer.defaults["wd_schedule"] = self  # cycle
        for group in optimizer.param_groups:
            group.setdefault("wd_schedule", self)  # cycle
        self._apply()

    def value(self):
        t = min(self.step_num, self.total_steps) / self.total_steps
        return self.end + 0.5 * (self.start - self.end) * (1.0 + math.cos(math.pi * t))

    def _apply(self):
        wd = self.value()
        for group in self.optimizer.param_groups:
            if group.get("wd_schedule") is self:
                group["weight_decay"] = wd

    def step(self):
        self.step_num += 1
        self._apply()

    def state_dict(self):
        return {"step_num": self.step_num}
