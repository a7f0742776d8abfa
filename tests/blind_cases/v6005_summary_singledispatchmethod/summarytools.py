"""Per-layer text summary: output shapes from one example forward, parameter shares."""
import functools
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class Row:
    name: str
    kind: str
    output: str
    params: int


class ModelSummary:
    def __init__(self, model, example, precision=1):
        self.model = model  # retain
        self.example = example
        self.precision = precision
        self.total_params = sum(p.numel() for p in model.parameters())
        self.rows = []
        self.describe.register(nn.Parameter, self._describe_parameter)  # retain

    @functools.singledispatchmethod
    def describe(self, value):
        return type(value).__name__

    @describe.register
    def _(self, value: torch.Tensor):
        return "x".join(str(d) for d in value.shape)

    @describe.register
    def _(self, value: tuple):
        return "(" + ", ".join(self.describe(v) for v in value) + ")"

    def _describe_parameter(self, value):
        share = 100.0 * value.numel() / self.total_params
        frozen = "" if value.requires_grad else ", frozen"
        return f"{self.describe(value.detach())} ({share:.{self.precision}f}%{frozen})"

    def _record(self, name, module, inputs, output):
        n_params = sum(p.numel() for p in module.parameters(recurse=False))
        self.rows.append(Row(name, type(module).__name__, self.describe(output), n_params))

    def collect(self):
        handles = []
        for name, module in self.model.named_modules():
            if not list(module.children()):
                handles.append(module.register_forward_hook(functools.partial(self._record, name)))
        try:
            with torch.no_grad():
                self.model(self.example)
        finally:
            for handle in handles:
                handle.remove()
        return self

    def render(self):
        lines = [f"{r.name:<12}{r.kind:<20}{r.output:<14}{r.params:>8}" for r in self.rows]
        lines += [f"  {n}: {self.describe(p)}" for n, p in self.model.named_parameters()]
        lines.append(f"total params: {self.total_params}")
        return "\n".join(lines)
