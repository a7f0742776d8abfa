"""Early-stopping helper that pulls the monitored value through a callable."""
import math


class EarlyStopping:
    def __init__(self, monitor, patience=2, min_delta=0.0):
        self.monitor = monitor  # cycle
        self.patience = patience
        self.min_delta = min_delta
        self.best = math.inf
        self.bad_epochs = 0

    def should_stop(self):
        value = self.monitor()
        if value < self.best - self.min_delta:
            self.best, self.bad_epochs = value, 0
        else:
            self.bad_epochs += 1
        return self.bad_epochs > self.patience
