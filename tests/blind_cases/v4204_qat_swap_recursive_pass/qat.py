"""Eager-mode quantization-aware training: swap float layers for fake-quant twins."""
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger(__name__)


class _RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad


def fake_quant(x, scale, bits):
    qmax = 2 ** (bits - 1) - 1
    return torch.clamp(_RoundSTE.apply(x / scale), -qmax - 1, qmax) * scale


class QATLinear(nn.Linear):
    bits = 8

    @classmethod
    def from_float(cls, mod, bits):
        qat = cls(mod.in_features, mod.out_features, bias=mod.bias is not None)
        qat.weight, qat.bias, qat.bits = mod.weight, mod.bias, bits
        qat.register_buffer("w_scale", mod.weight.detach().abs().max() / (2 ** (bits - 1) - 1))
        return qat

    def forward(self, x):
        return F.linear(x, fake_quant(self.weight, self.w_scale, self.bits), self.bias)


class QATConv2d(nn.Conv2d):
    bits = 8

    @classmethod
    def from_float(cls, mod, bits):
        qat = cls(mod.in_channels, mod.out_channels, mod.kernel_size, mod.stride, mod.padding, bias=mod.bias is not None)
        qat.weight, qat.bias, qat.bits = mod.weight, mod.bias, bits
        qat.register_buffer("w_scale", mod.weight.detach().abs().amax() / (2 ** (bits - 1) - 1))
        return qat

    def forward(self, x):
        return self._conv_forward(x, fake_quant(self.weight, self.w_scale, self.bits), self.bias)


DEFAULT_QAT_MAPPING = {nn.Linear: QATLinear, nn.Conv2d: QATConv2d}


def prepare_qat(model, bits=8, mapping=None, skip=()):
    mapping = mapping or DEFAULT_QAT_MAPPING
    float_modules = {}

    def _swap(module, prefix):  # cycle
        for name, child in list(module.named_children()):
            qualname = prefix + name
            if qualname in skip:
                continue
            qat_cls = mapping.get(type(child))
            if qat_cls is not None:
                float_modules[qualname] = child
                setattr(module, name, qat_cls.from_float(child, bits))
            else:
                _swap(child, qualname + ".")

    _swap(model, "")
    log.info("prepared %d layers for %d-bit QAT: %s", len(float_modules), bits, sorted(float_modules))
    return model
