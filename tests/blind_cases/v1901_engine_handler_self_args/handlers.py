"""Reusable handlers: loss logging, step-wise LR decay and a wall-clock budget."""
import time


def log_training_loss(engine, history, every=2):
    if engine.state.iteration % every == 0:
        history.append((engine.state.epoch, engine.state.iteration, engine.state.output))


class StepDecay:
    def __init__(self, optimizer, gamma=0.9):
        self.optimizer = optimizer
        self.gamma = gamma

    def __call__(self, engine):
        for group in self.optimizer.param_groups:
            group["lr"] *= self.gamma


class TimeLimit:
    def __init__(self, limit_sec=30.0):
        self.limit_sec = limit_sec
        self._start = None

    def started(self, engine):
        self._start = time.perf_counter()

    def check(self, engine):
        if time.perf_counter() - self._start > self.limit_sec:
            engine.terminate()
