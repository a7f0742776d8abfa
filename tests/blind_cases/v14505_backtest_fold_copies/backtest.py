"""Expanding-window rolling-origin backtest; each fold is a shallow copy of the template run."""
import copy

import torch
import torch.nn as nn


class RollingOriginBacktest:
    def __init__(self, series, cfg, build_model):
        self.series = series
        self.cfg = cfg
        self.build_model = build_model
        self.origin = None
        self.model = None
        self.metrics = {}
        self.folds = []

    def origins(self):
        h, step = self.cfg["horizon"], self.cfg["step"]
        last = len(self.series) - h
        return list(range(last - step * (self.cfg["n_folds"] - 1), last + 1, step))

    def spawn(self, origin):
        fold = copy.copy(self)  # cycle
        fold.origin = origin
        fold.metrics = {}
        fold.model = self.build_model(self.cfg)
        self.folds.append(fold)  # cycle
        return fold

    def windows(self, end):
        w, h = self.cfg["window"], self.cfg["horizon"]
        frames = self.series[:end].unfold(0, w + h, 1)
        return frames[:, :w], frames[:, w:]

    def fit(self):
        x, y = self.windows(self.origin)
        bs = self.cfg["batch_size"]
        opt = torch.optim.Adam(self.model.parameters(), lr=self.cfg["lr"])
        for _ in range(self.cfg["epochs"]):
            for i in range(0, len(x), bs):
                loss = nn.functional.smooth_l1_loss(self.model(x[i:i + bs]), y[i:i + bs])
                opt.zero_grad()
                loss.backward()
                opt.step()
        self.metrics["train_loss"] = loss.item()
        return self

    @torch.no_grad()
    def evaluate(self):
        w, h = self.cfg["window"], self.cfg["horizon"]
        pred = self.model(self.series[self.origin - w:self.origin])
        actual = self.series[self.origin:self.origin + h]
        self.metrics["smape"] = (200 * (pred - actual).abs() / (pred.abs() + actual.abs())).mean().item()
        return self.metrics

    def run(self):
        for origin in self.origins():
            self.spawn(origin).fit().evaluate()
        scores = [f.metrics["smape"] for f in self.folds]
        return sum(scores) / len(scores)
