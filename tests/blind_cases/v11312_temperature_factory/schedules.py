"""Temperature schedules for logit distillation, selectable by name from the config."""
import math

import torch


class ConstantTemperature:
    def __init__(self, value=4.0):
        self.value = value

    def observe(self, kl):
        pass

    def __call__(self, step):
        return self.value


class CosineTemperature:
    def __init__(self, start=8.0, end=2.0, total_steps=100):
        self.start, self.end, self.total_steps = start, end, total_steps

    def observe(self, kl):
        pass

    def __call__(self, step):
        t = min(step / self.total_steps, 1.0)
        return self.end + 0.5 * (self.start - self.end) * (1 + math.cos(math.pi * t))


class AdaptiveTemperature:
    """Soften the targets while the student still lags far behind the teacher."""

    def __init__(self, t_min=1.0, t_max=8.0, target_kl=0.3, rate=0.1):
        self.t_min, self.t_max = t_min, t_max
        self.target_kl, self.rate = target_kl, rate
        self.temperature = 0.5 * (t_min + t_max)
        self.last_kl = None

    def observe(self, kl):
        self.last_kl = kl

    def __call__(self, step):
        if self.last_kl is not None:
            gap = torch.tanh(self.last_kl - self.target_kl)
            t = self.temperature * (1.0 + self.rate * float(gap))
            self.temperature = min(max(t, self.t_min), self.t_max)
        return self.temperature


TEMPERATURE_SCHEDULES = {
    "constant": ConstantTemperature,
    "cosine": CosineTemperature,
    "adaptive": AdaptiveTemperature,
}


def build_schedule(name, **kwargs):
    return TEMPERATURE_SCHEDULES[name](**kwargs)
