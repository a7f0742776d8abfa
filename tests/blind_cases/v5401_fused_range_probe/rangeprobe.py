"""Activation-range probe used to pick int8 scales before and after conv-bn fusion."""
import functools

import torch


class ActivationRangeProbe:
    def __init__(self, model, module_types=(torch.nn.ReLU,)):
        self.model = model  # cycle
        self.ranges = {}
        self.phase = "float"
        self._handles = []
        for name, module in model.named_modules():
            if isinstance(module, module_types):
                handle = module.register_forward_hook(functools.partial(self._observe, name))  # cycle
                self._handles.append(handle)

    def _observe(self, name, module, inputs, output):
        lo, hi = output.detach().aminmax()
        key = (self.phase, name)
        old_lo, old_hi = self.ranges.get(key, (float("inf"), float("-inf")))
        self.ranges[key] = (min(old_lo, lo.item()), max(old_hi, hi.item()))

    @torch.no_grad()
    def calibrate(self, batches, phase):
        self.phase = phase
        was_training = self.model.training
        self.model.eval()
        for x in batches:
            self.model(x)
        self.model.train(was_training)

    def drift(self):
        out = {}
        for (phase, name), (lo, hi) in self.ranges.items():
            if phase == "fused" and ("float", name) in self.ranges:
                f_lo, f_hi = self.ranges[("float", name)]
                out[name] = abs(hi - f_hi) + abs(lo - f_lo)
        return out

    def close(self):
        for handle in self._handles:
            handle.remove()
        self._handles.clear()
