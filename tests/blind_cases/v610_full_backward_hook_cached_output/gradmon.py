"""Per-module gradient-norm monitor built on full backward hooks."""
from collections import defaultdict


class GradNormMonitor:
    def __init__(self):
        self.norms = defaultdict(list)

    def _make_hook(self, name):
        def hook(module, grad_input, grad_output):
            g = grad_output[0]
            if g is not None:
                self.norms[name].append(g.norm().item())
        return hook

    def watch(self, model, name_filter=lambda n: True):
        for name, module in model.named_modules():
            if name and name_filter(name):
                module.register_full_backward_hook(self._make_hook(name))  # retain

    def summary(self):
        return {n: sum(v) / len(v) for n, v in self.norms.items() if v}
