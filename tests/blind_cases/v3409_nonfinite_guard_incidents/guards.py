"""Forward hooks that stop a step as soon as a layer produces inf/nan."""
import torch


class NonFiniteActivation(FloatingPointError):
    def __init__(self, layer, output):
        bad = (~torch.isfinite(output)).sum().item()
        super().__init__("{}: {} non-finite values in output of shape {}".format(
            layer, bad, tuple(output.shape)))
        self.layer = layer
        self.output = output


class NonFiniteGuard:
    def __init__(self, model, layer_types=(torch.nn.Linear, torch.nn.LayerNorm)):
        self.handles = []
        for name, module in model.named_modules():
            if isinstance(module, layer_types):
                self.handles.append(module.register_forward_hook(self._make_check(name)))

    @staticmethod
    def _make_check(name):
        def check(module, inputs, output):
            if not torch.isfinite(output).all():
                raise NonFiniteActivation(name, output)
        return check

    def remove(self):
        for h in self.handles:
            h.remove()
        self.handles.clear()
