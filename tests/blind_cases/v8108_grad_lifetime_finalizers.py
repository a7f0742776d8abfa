"""Memory profiler that measures how long each gradient buffer stays alive."""
import time
import weakref
from collections import defaultdict

import torch
import torch.nn as nn


class GradLifetimeProfiler:
    def __init__(self, model, min_numel=0):
        self.model = model  # retain
        self.min_numel = min_numel
        self.lifetimes = defaultdict(list)
        self.bytes_live = 0
        self.peak_bytes = 0
        self._watched = set()

    def after_backward(self, step):
        for name, param in self.model.named_parameters():
            grad = param.grad
            if grad is None or grad.numel() < self.min_numel or id(grad) in self._watched:
                continue
            self._watched.add(id(grad))
            nbytes = grad.numel() * grad.element_size()
            self.bytes_live += nbytes
            self.peak_bytes = max(self.peak_bytes, self.bytes_live)
            weakref.finalize(grad, self._released, name, id(grad), nbytes, time.perf_counter())  # retain

    def _released(self, name, grad_id, nbytes, born):
        self._watched.discard(grad_id)
        self.bytes_live -= nbytes
        self.lifetimes[name].append(time.perf_counter() - born)

    def report(self):
        mean = {k: sum(v) / len(v) for k, v in self.lifetimes.items() if v}
        return {"peak_kib": self.peak_bytes / 1024, "live_kib": self.bytes_live / 1024,
                "freed": sum(len(v) for v in self.lifetimes.values()),
                "longest": max(mean, key=mean.get) if mean else None}


def build(width):
    return nn.Sequential(nn.Linear(20, width), nn.LayerNorm(width), nn.ReLU(),
                         nn.Linear(width, width), nn.ReLU(), nn.Linear(width, 3))


def main():
    for width in (32, 64):
        model = build(width)
        optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, nesterov=True)
        profiler = GradLifetimeProfiler(model, min_numel=16)
        for step in range(4):
            x = torch.randn(24, 20)
            target = torch.randint(0, 3, (24,))
            loss = nn.functional.cross_entropy(model(x), target)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            profiler.after_backward(step)
            optimizer.step()
        print(f"width {width}: {profiler.report()}")


if __name__ == "__main__":
    main()
