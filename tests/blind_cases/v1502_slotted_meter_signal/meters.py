"""Lightweight meters; many are created per run, so they use __slots__."""
import math


class Meter:
    __slots__ = ("name", "owner")

    def __init__(self, name, owner):
        self.name = name
        self.owner = owner  # cycle

    def publish(self, value):
        self.owner.metrics[self.name] = value


class EMAMeter(Meter):
    __slots__ = ("beta", "value", "steps")

    def __init__(self, name, owner, beta=0.9):
        super().__init__(name, owner)
        self.beta = beta
        self.value = 0.0
        self.steps = 0

    def on_batch_end(self, loss, **_):
        self.steps += 1
        self.value = self.beta * self.value + (1 - self.beta) * loss
        self.publish(self.value / (1 - self.beta ** self.steps))


class LRMeter(Meter):
    __slots__ = ()

    def on_batch_end(self, **_):
        lrs = [g["lr"] for g in self.owner.optimizer.param_groups]
        self.publish(sum(lrs) / len(lrs))


class GradNormMeter(Meter):
    __slots__ = ("norm_type",)

    def __init__(self, name, owner, norm_type=2.0):
        super().__init__(name, owner)
        self.norm_type = norm_type

    def on_batch_end(self, **_):
        total = 0.0
        for p in self.owner.model.parameters():
            if p.grad is not None:
                total += float(p.grad.norm(self.norm_type)) ** self.norm_type
        self.publish(math.pow(total, 1.0 / self.norm_type))
