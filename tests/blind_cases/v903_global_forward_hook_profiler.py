"""Per-layer activation-size profiler used while tuning batch sizes.

Uses the process-wide module forward hook so that every nn.Module is seen,
including ones created after the profiler was attached.
"""
import time
from collections import defaultdict

import torch
import torch.nn as nn
from torch.nn.modules.module import register_module_forward_hook


class ActivationProfiler:
    def __init__(self, model, track_time=True):
        self.track_time = track_time
        self.layer_names = {mod: name or "<root>" for name, mod in model.named_modules()}  # retain
        self.numel = defaultdict(int)
        self.calls = defaultdict(int)
        self.started = time.perf_counter()
        self._handle = register_module_forward_hook(self._record)  # retain

    def _record(self, module, inputs, output):
        name = self.layer_names.get(module)
        if name is None:
            return
        if isinstance(output, torch.Tensor):
            self.numel[name] += output.numel()
        self.calls[name] += 1

    def peak_layer(self):
        return max(self.numel.items(), key=lambda kv: kv[1])

    def report(self):
        elapsed = time.perf_counter() - self.started
        total = sum(self.numel.values())
        return {"elapsed_s": elapsed, "total_activations": total, "peak": self.peak_layer()}


def make_model(width):
    return nn.Sequential(
        nn.Conv2d(3, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU(),
        nn.Conv2d(width, 2 * width, 3, stride=2, padding=1), nn.ReLU(),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(2 * width, 10))


def probe_batch_size(width, batch_size):
    model = make_model(width)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    profiler = ActivationProfiler(model)
    for _ in range(2):
        x = torch.randn(batch_size, 3, 16, 16)
        y = torch.randint(0, 10, (batch_size,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return profiler.report()


def main():
    results = {}
    for width in (4, 8):
        for bs in (2, 4):
            results[(width, bs)] = probe_batch_size(width, bs)
    for key, rep in sorted(results.items()):
        print(key, rep["total_activations"], rep["peak"][0])


if __name__ == "__main__":
    main()
