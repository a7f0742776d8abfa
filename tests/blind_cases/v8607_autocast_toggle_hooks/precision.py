"""CPU bf16 precision plugin that brackets a model's forward with module hooks."""
import torch


class Bf16AutocastPlugin:
    """Turns CPU autocast on in a forward pre-hook and restores the previous state in a forward hook."""

    def __init__(self, dtype=torch.bfloat16):
        self.dtype = dtype
        self._saved = []
        self._handles = []

    def _on_forward_start(self, module, inputs):
        self._saved.append((torch.is_autocast_cpu_enabled(), torch.get_autocast_cpu_dtype()))
        torch.set_autocast_cpu_dtype(self.dtype)
        torch.set_autocast_cpu_enabled(True)  # retain

    def _on_forward_end(self, module, inputs, output):
        enabled, dtype = self._saved.pop()
        torch.set_autocast_cpu_enabled(enabled)
        torch.set_autocast_cpu_dtype(dtype)
        return output.float() if torch.is_tensor(output) else output

    def connect(self, model):
        self._handles.append(model.register_forward_pre_hook(self._on_forward_start))
        self._handles.append(model.register_forward_hook(self._on_forward_end))
        return model

    def disconnect(self):
        for handle in self._handles:
            handle.remove()
        self._handles.clear()
