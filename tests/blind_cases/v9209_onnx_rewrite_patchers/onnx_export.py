"""ONNX export with per-layer rewrites for an older inference runtime (opset 11).

The target runtime has no fused GELU / LayerNormalization kernels, so the
exporter swaps those layers' forward for decomposed equivalents while tracing.
"""
import functools
import io
from unittest import mock

import torch
import torch.nn as nn
import torch.nn.functional as F


def _tanh_gelu(x):
    return F.gelu(x, approximate="tanh")


def _decomposed_layer_norm(x, weight, bias, eps):
    mean = x.mean(-1, keepdim=True)
    var = (x - mean).pow(2).mean(-1, keepdim=True)
    return (x - mean) / torch.sqrt(var + eps) * weight + bias


EXPORT_REWRITES = {
    nn.GELU: lambda m: _tanh_gelu,
    nn.LayerNorm: lambda m: functools.partial(_decomposed_layer_norm, weight=m.weight, bias=m.bias, eps=m.eps),
}


class OnnxExporter:
    def __init__(self, opset=11):
        self.opset = opset

    def _apply_rewrites(self, model):
        patcher, count = None, 0
        for _, module in model.named_modules():
            factory = EXPORT_REWRITES.get(type(module))
            if factory is None:
                continue
            patcher = mock.patch.object(module, "forward", new=factory(module))
            patcher.start()  # retain
            count += 1
        return patcher, count

    def export(self, model, example):
        model.eval()
        patcher, rewritten = self._apply_rewrites(model)
        buffer = io.BytesIO()
        try:
            torch.onnx.export(
                model, (example,), buffer, opset_version=self.opset,
                input_names=["tokens"], output_names=["logits"],
                dynamic_axes={"tokens": {0: "batch", 1: "seq"}},
            )
        finally:
            if patcher is not None:
                patcher.stop()
            model.train()
        return buffer.getvalue(), rewritten
