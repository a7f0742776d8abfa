"""Activation-range probe used to pick int8 scales before and after conv-bn fusion."""
import functools

import torch
from torch.ao.nn.intrinsic import ConvReLU2d


class ActivationRangeProbe:
    def __init__(self, model, module_types=(torch.nn.ReLU, ConvReLU2d)):
        self.model = model
        self.ranges = {}
        self._handles = []
        for name, module in model.named_modules():
            if isinstance(module, module_types) and not self._inside_fused(name, model):
                handle = module.register_forward_hook(functools.partial(self._observe, name))
                self._handles.append(handle)

    @staticmethod
    def _inside_fused(name, model):
        parent_name = name.rpartition(".")[0]
        return bool(parent_name) and isinstance(model.get_submodule(parent_name), ConvReLU2d)

    def _observe(self, name, module, inputs, output):
        lo, hi = output.detach().aminmax()
        old_lo, old_hi = self.ranges.get(name, (float("inf"), float("-inf")))
        self.ranges[name] = (min(old_lo, lo.item()), max(old_hi, hi.item()))

    @torch.no_grad()
    def calibrate(self, batches):
        was_training = self.model.training
        self.model.eval()
        for x in batches:
            self.model(x)
        self.model.train(was_training)
        return dict(self.ranges)

    def close(self):
        for handle in self._handles:
            handle.remove()
        self._handles.clear()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
