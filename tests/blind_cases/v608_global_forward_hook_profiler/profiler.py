"""Lightweight activation profiler: per-module-type output sizes and magnitudes for any model."""
from collections import defaultdict

import torch
from torch.nn.modules.module import register_module_forward_hook


class ActivationProfiler:
    def __init__(self, track_types=None):
        self.track_types = tuple(track_types) if track_types else None
        self.active = False
        self.calls = defaultdict(int)
        self.numel = defaultdict(int)
        self.abs_mean = defaultdict(float)
        self._handle = None

    def _on_forward(self, module, inputs, output):
        if not self.active or not isinstance(output, torch.Tensor):
            return
        if self.track_types and not isinstance(module, self.track_types):
            return
        key = type(module).__name__
        self.calls[key] += 1
        self.numel[key] += output.numel()
        self.abs_mean[key] += output.detach().abs().mean().item()

    def start(self):
        if self._handle is None:
            self._handle = register_module_forward_hook(self._on_forward)  # retain
        self.active = True
        return self

    def stop(self):
        self.active = False

    def report(self):
        lines = []
        for key in sorted(self.calls):
            n = self.calls[key]
            lines.append(f"{key:<12} calls={n:<3} avg_numel={self.numel[key] // n:<6} "
                         f"avg|a|={self.abs_mean[key] / n:.3f}")
        return "\n".join(lines)
