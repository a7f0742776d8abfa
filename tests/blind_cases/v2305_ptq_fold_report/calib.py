"""Eager-mode post-training calibration report: activation ranges and int8 qparams per observed layer."""
import dataclasses
from typing import List

import torch
import torch.nn as nn
from torch.ao.quantization import DeQuantStub, QuantStub, get_default_qconfig, prepare


@dataclasses.dataclass
class LayerQParams:
    name: str
    scale: float
    zero_point: int
    lo: float
    hi: float

    @property
    def span(self) -> float:
        return self.hi - self.lo


class QuantReady(nn.Module):
    """Adds quant/dequant stubs around a float model for eager-mode calibration."""

    def __init__(self, body):
        super().__init__()
        self.quant = QuantStub()
        self.body = body
        self.dequant = DeQuantStub()

    def forward(self, x):
        return self.dequant(self.body(self.quant(x)))


def collect_qparams(model) -> List[LayerQParams]:
    report = []
    for name, module in model.named_modules():
        observer = getattr(module, "activation_post_process", None)
        if observer is None or not hasattr(observer, "min_val"):
            continue
        scale, zero_point = observer.calculate_qparams()
        report.append(LayerQParams(name, float(scale), int(zero_point), float(observer.min_val), float(observer.max_val)))
    return report


def calibration_report(model, batches, backend="fbgemm") -> List[LayerQParams]:
    wrapped = QuantReady(model).eval()
    wrapped.qconfig = get_default_qconfig(backend)
    prepare(wrapped, inplace=True)  # cycle
    with torch.no_grad():
        for x in batches:
            wrapped(x)
    return collect_qparams(wrapped)
