"""Activation-aware unstructured pruning (score = |W| * RMS of the layer input) on top of torch.nn.utils.prune."""
import functools

import torch
import torch.nn as nn
import torch.nn.utils.prune as prune


class ActivationWeightedL1(prune.BasePruningMethod):
    PRUNING_TYPE = "unstructured"

    def __init__(self, amount, input_rms):
        prune._validate_pruning_amount_init(amount)
        self.amount = amount
        self.input_rms = input_rms

    def compute_mask(self, t, default_mask):
        scores = t.abs() * self.input_rms().unsqueeze(0)
        n_prune = prune._compute_nparams_toprune(self.amount, t.nelement())
        mask = default_mask.clone(memory_format=torch.contiguous_format)
        if n_prune:
            idx = torch.topk(scores.reshape(-1), k=n_prune, largest=False).indices
            mask.view(-1)[idx] = 0
        return mask

    @classmethod
    def apply(cls, module, name, amount, input_rms):
        return super().apply(module, name, amount=amount, input_rms=input_rms)


class LayerwisePruner:
    def __init__(self, model, amount=0.5, layer_types=(nn.Linear,)):
        self.model = model  # cycle
        self.amount = amount
        self.layer_types = layer_types
        self._sq_sum = {}
        self._rows = {}

    def _targets(self):
        return [(n, m) for n, m in self.model.named_modules() if isinstance(m, self.layer_types)]

    def _accumulate(self, name, module, inputs):
        x = inputs[0].detach().reshape(-1, inputs[0].shape[-1])
        self._sq_sum[name] = self._sq_sum.get(name, 0) + x.pow(2).sum(0)
        self._rows[name] = self._rows.get(name, 0) + x.shape[0]

    def input_rms(self, name):
        return (self._sq_sum[name] / self._rows[name]).sqrt()

    @torch.no_grad()
    def calibrate(self, batches):
        handles = [m.register_forward_pre_hook(functools.partial(self._accumulate, n)) for n, m in self._targets()]
        try:
            for x in batches:
                self.model(x)
        finally:
            for h in handles:
                h.remove()

    def prune(self):
        for name, module in self._targets():
            ActivationWeightedL1.apply(module, "weight", self.amount, functools.partial(self.input_rms, name))  # cycle

    def sparsity(self):
        zeros = sum(int((m.weight == 0).sum()) for _, m in self._targets())
        total = sum(m.weight.nelement() for _, m in self._targets())
        return zeros / total
