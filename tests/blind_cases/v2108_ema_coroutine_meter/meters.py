"""Streaming statistics as primed coroutines: ``meter.send(x)`` returns the updated statistic."""
import functools
import math


def primed(genfn):
    @functools.wraps(genfn)
    def start(*args, **kwargs):
        gen = genfn(*args, **kwargs)
        next(gen)
        return gen
    return start


@primed
def ema(beta=0.98):
    """Bias-corrected exponential moving average."""
    average, weight = 0.0, 0.0
    while True:
        value = yield (average / weight if weight else None)  # retain
        weight = beta * weight + (1.0 - beta)
        average = beta * average + (1.0 - beta) * value  # retain


@primed
def peak():
    best = -math.inf
    while True:
        value = yield best
        best = max(best, value)


TRAIN_LOSS = ema(beta=0.9)
GRAD_NORM = peak()
