"""Strategy wrappers: every step method of the user's module is routed through forward()."""
import torch
import torch.nn as nn


class _PrecisionModule(nn.Module):
    """Stand-in for a DDP / mixed-precision wrapper whose __call__ must see every step."""

    def __init__(self, module, autocast_enabled=False):
        super().__init__()
        self.module = module
        self.autocast_enabled = autocast_enabled
        self.num_calls = 0

    def forward(self, *args, **kwargs):
        self.num_calls += 1
        with torch.autocast("cpu", enabled=self.autocast_enabled):
            return self.module(*args, **kwargs)


class StrategyModule(nn.Module):
    _step_methods = ("training_step", "validation_step", "predict_step")

    def __init__(self, module, **precision_kwargs):
        super().__init__()
        self._forward_module = _PrecisionModule(module, **precision_kwargs)
        self._original_module = module

    def forward(self, *args, **kwargs):
        return self._forward_module(*args, **kwargs)

    def __getattr__(self, name):
        if name in type(self)._step_methods:
            return self._redirect_through_forward(name)
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self._original_module, name)

    def _redirect_through_forward(self, method_name):
        original_module = self._original_module
        original_forward = original_module.forward  # cycle

        def wrapped_forward(*args, **kwargs):
            original_module.forward = original_forward  # cycle
            return getattr(original_module, method_name)(*args, **kwargs)

        def call_forward_module(*args, **kwargs):
            original_module.forward = wrapped_forward
            return self._forward_module(*args, **kwargs)

        return call_forward_module


def setup_module(module, precision="32"):
    return StrategyModule(module, autocast_enabled=(precision == "bf16-mixed"))
