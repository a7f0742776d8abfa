"""Callbacks shipped with the estimator wrapper (timer, best-weights restore)."""
import time

import torch


class Callback:
    def initialize(self):
        return self

    def on_epoch_end(self, net):
        pass

    def on_train_end(self, net):
        pass


class EpochTimer(Callback):
    def initialize(self):
        self._last = time.perf_counter()
        return self

    def on_epoch_end(self, net):
        now = time.perf_counter()
        net.history[-1]["dur"], self._last = now - self._last, now


class BestWeights(Callback):
    def __init__(self, monitor="valid_loss"):
        self.monitor = monitor

    def initialize(self):
        self.best_score_, self.best_params_ = float("inf"), {}
        return self

    def on_epoch_end(self, net):
        score = net.history[-1][self.monitor]
        if score < self.best_score_:
            self.best_score_ = score
            self.best_params_ = {n: p.clone() for n, p in net.module_.named_parameters()}  # retain

    def on_train_end(self, net):
        with torch.no_grad():
            for name, param in net.module_.named_parameters():
                param.copy_(self.best_params_[name])
