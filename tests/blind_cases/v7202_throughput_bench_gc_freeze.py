"""Throughput sweep over batch sizes for two small conv nets."""
import gc
import statistics
import time

import torch
import torch.nn as nn


def render_table(title, results):
    lines = [title, f"{'model':<10}{'batch':>7}{'img/s':>12}"]
    for (name, batch), samples in sorted(results.items()):
        rate = batch / statistics.median(samples)
        lines.append(f"{name:<10}{batch:>7}{rate:>12.1f}")
    return "\n".join(lines)


class ThroughputBench:
    def __init__(self, title, batch_sizes=(4, 16), rounds=4):
        self.title = title
        self.batch_sizes = tuple(batch_sizes)
        self.rounds = rounds
        self.models = {}
        self.results = {}

    def freeze_heap(self):
        gc.collect()
        gc.freeze()

    def register(self, name, factory):
        self.models[name] = factory().eval()

    @torch.no_grad()
    def _time(self, model, batch):
        x = torch.randn(batch, 3, 16, 16)
        model(x)
        samples = []
        for _ in range(self.rounds):
            t0 = time.perf_counter()
            model(x)
            samples.append(time.perf_counter() - t0)
        return samples

    def sweep(self):
        for name, model in self.models.items():
            for batch in self.batch_sizes:
                self.results[(name, batch)] = self._time(model, batch)
        return render_table(self.title, self.results)


def small_cnn(channels):
    return nn.Sequential(
        nn.Conv2d(3, channels, 3, padding=1), nn.BatchNorm2d(channels), nn.ReLU(),
        nn.Conv2d(channels, channels, 3, padding=1), nn.ReLU(),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(channels, 10))


def main():
    torch.manual_seed(0)
    bench = ThroughputBench("cnn throughput", batch_sizes=(4, 16), rounds=4)
    bench.freeze_heap()
    bench.register("cnn8", lambda: small_cnn(8))
    bench.register("cnn16", lambda: small_cnn(16))
    print(bench.sweep())


if __name__ == "__main__":
    main()
