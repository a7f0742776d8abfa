"""Latency harness: warm-up rounds, timed rounds, then a comparison table."""
import gc
import time

import torch

from report import LatencyReport


class BenchmarkHarness:
    def __init__(self, name, rounds=5, warmup=2, baseline=None):
        self.name = name
        self.rounds = rounds
        self.warmup = warmup
        self.candidates = {}
        self.timings = {}
        self.report = LatencyReport(self, baseline=baseline)  # retain

    def settle_heap(self):
        # Keep collections during the timed rounds short: the startup heap
        # does not need to be scanned again.
        gc.collect()
        gc.freeze()  # retain

    def add(self, label, model, example):
        self.candidates[label] = (model.eval(), example)  # retain

    @torch.no_grad()
    def _measure(self, model, example):
        for _ in range(self.warmup):
            model(example)
        samples = []
        for _ in range(self.rounds):
            start = time.perf_counter()
            model(example)
            samples.append(time.perf_counter() - start)
        return samples

    def run(self):
        for label, (model, example) in self.candidates.items():
            self.timings[label] = self._measure(model, example)
            n_params = sum(p.numel() for p in model.parameters())
            self.report.note(f"{label}: {n_params} parameters")
        return self.report.render()
