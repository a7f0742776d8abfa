"""Per-task gradient monitor: tracks how much gradient each task head sends into the shared trunk."""
from collections import defaultdict

from torch.nn.modules.module import register_module_full_backward_hook


class TaskGradientMonitor:
    def __init__(self, model, ema=0.9):
        self.model = model
        self.ema = ema
        self.head_of = {head: task for task, head in model.heads.items()}
        self.grad_norms = defaultdict(float)
        self.calls = defaultdict(int)
        self._handle = None

    def on_train_start(self, trainer):
        self._handle = register_module_full_backward_hook(self._on_backward)  # retain

    def on_train_end(self, trainer):
        if self._handle is not None:
            self._handle.remove()
            self._handle = None

    def _on_backward(self, module, grad_input, grad_output):
        task = self.head_of.get(module)
        if task is None or grad_input[0] is None:
            return
        norm = float(grad_input[0].norm())
        self.grad_norms[task] = self.ema * self.grad_norms[task] + (1.0 - self.ema) * norm
        self.calls[task] += 1

    def task_weights(self):
        if not self.grad_norms:
            return {}
        mean = sum(self.grad_norms.values()) / len(self.grad_norms)
        return {t: mean / (n + 1e-8) for t, n in self.grad_norms.items()}
