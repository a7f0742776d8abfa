"""Layer-by-layer model summary; input/output sizes come from a single example forward."""
from collections import OrderedDict

import torch

UNKNOWN = "?"


def _shape_of(obj):
    if torch.is_tensor(obj):
        return list(obj.shape)
    if isinstance(obj, (list, tuple)):
        return [_shape_of(o) for o in obj]
    return UNKNOWN


class LayerSummary:
    """Describes one child module; its forward hook removes itself after the first call."""

    def __init__(self, module):
        self._module = module  # cycle
        self.in_size = UNKNOWN
        self.out_size = UNKNOWN
        self._hook_handle = self._register_hook()

    def _register_hook(self):
        def hook(module, inputs, output):  # cycle
            if len(inputs) == 1:
                inputs = inputs[0]
            self.in_size = _shape_of(inputs)
            self.out_size = _shape_of(output)
            self._hook_handle.remove()
        return self._module.register_forward_hook(hook)  # cycle

    @property
    def layer_type(self):
        return type(self._module).__name__

    @property
    def num_parameters(self):
        return sum(p.numel() for p in self._module.parameters())


class ModelSummary:
    def __init__(self, model, example_input):
        self.layers = OrderedDict(
            (name, LayerSummary(module)) for name, module in model.named_children())
        mode = model.training
        model.eval()
        with torch.no_grad():
            model(example_input)
        model.train(mode)

    def rows(self):
        return [(name, s.layer_type, s.num_parameters, s.in_size, s.out_size)
                for name, s in self.layers.items()]

    def __str__(self):
        lines = ["{:<10} {:<12} {:>8} {} -> {}".format(*row) for row in self.rows()]
        total = sum(row[2] for row in self.rows())
        return "\n".join(lines + ["total params: {}".format(total)])
