"""Counts loss spikes relative to a running mean of recent losses."""


class LossSpikeMonitor:
    def __init__(self, factor):
        self.factor = factor
        self.mean = None
        self.spikes = 0

    def after_step(self, step, loss):
        if self.mean is not None and loss > self.factor * self.mean:
            self.spikes += 1
        self.mean = loss if self.mean is None else 0.8 * self.mean + 0.2 * loss


def make(model, factor=1.5):
    return LossSpikeMonitor(factor)
