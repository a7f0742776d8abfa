"""Finds the first module whose forward produced a non-finite output (global forward hook)."""
import torch
from torch.nn.modules.module import register_module_forward_hook


class NonFiniteOutput(RuntimeError):
    pass


class NonFiniteWatch:
    def __init__(self, model, raise_on_first=False):
        self.names = {id(m): n or "<root>" for n, m in model.named_modules()}
        self.raise_on_first = raise_on_first
        self.offenders = []
        self._handle = None

    def _check(self, module, inputs, output):
        outs = output if isinstance(output, (tuple, list)) else (output,)
        for t in outs:
            if isinstance(t, torch.Tensor) and t.is_floating_point() and not torch.isfinite(t).all():
                name = self.names.get(id(module), type(module).__name__)
                self.offenders.append(name)
                if self.raise_on_first:
                    raise NonFiniteOutput(name)
                return

    def __enter__(self):
        self._handle = register_module_forward_hook(self._check)
        return self

    def __exit__(self, exc_type, exc, tb):
        try:
            self._handle.remove()
        finally:
            self._handle = None
        return False
