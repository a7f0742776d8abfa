"""Gradient-norm bookkeeping for inner-loop diagnostics."""
from collections import defaultdict
from typing import Dict, List


class GradNormLog:
    def __init__(self):
        self.by_step: Dict[int, List[float]] = defaultdict(list)

    def sink(self, step):
        return self.by_step[step]

    def summary(self):
        return {step: sum(v) / len(v) for step, v in self.by_step.items() if v}


def make_norm_hook(sink):
    def hook(grad):
        sink.append(float(grad.norm()))
        return grad

    return hook
