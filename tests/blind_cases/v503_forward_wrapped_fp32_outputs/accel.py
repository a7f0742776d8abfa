"""Mixed-precision helpers: run forward in reduced precision, hand fp32 outputs back."""
import functools

import torch


def _to_fp32(obj):
    if torch.is_tensor(obj) and obj.is_floating_point():
        return obj.float()
    if isinstance(obj, (list, tuple)):
        return type(obj)(_to_fp32(o) for o in obj)
    if isinstance(obj, dict):
        return {k: _to_fp32(v) for k, v in obj.items()}
    return obj


class ConvertOutputsToFp32:
    def __init__(self, model_forward):
        self.model_forward = model_forward  # cycle
        functools.update_wrapper(self, model_forward)

    def __call__(self, *args, **kwargs):
        return _to_fp32(self.model_forward(*args, **kwargs))


class Accelerator:
    def __init__(self, mixed_precision="bf16"):
        self.mixed_precision = mixed_precision
        self.dtype = torch.bfloat16 if mixed_precision == "bf16" else torch.float32
        self._models = 0

    def autocast(self):
        enabled = self.mixed_precision != "no"
        return torch.autocast(device_type="cpu", dtype=self.dtype, enabled=enabled)

    def prepare_model(self, model):
        self._models += 1
        if self.mixed_precision != "no":
            model.forward = ConvertOutputsToFp32(model.forward)  # cycle
        return model

    def prepare_optimizer(self, optimizer):
        return optimizer

    def backward(self, loss):
        loss.backward()
