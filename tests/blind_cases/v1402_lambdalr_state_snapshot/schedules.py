"""Callable LR-factor schedules for LambdaLR (picklable, unlike lambdas)."""


class WarmupThenPlateauDecay:
    """Linear warm-up, then the factor halves for every plateau the monitor reports."""

    def __init__(self, warmup_steps, monitor, gamma=0.5, floor=0.05):
        self.warmup_steps = warmup_steps
        self.monitor = monitor
        self.gamma = gamma
        self.floor = floor

    def __call__(self, step):
        if step < self.warmup_steps:
            return (step + 1) / self.warmup_steps
        return max(self.floor, self.gamma ** self.monitor.num_plateaus)


class ConstantFactor:
    def __init__(self, value=1.0):
        self.value = value

    def __call__(self, step):
        return self.value
