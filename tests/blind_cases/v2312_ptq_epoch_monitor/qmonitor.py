"""Tracks how quantization-friendly a float model stays during training by calibrating it after each epoch."""
import contextlib
import dataclasses
from typing import Dict

import torch
from torch.ao.quantization import get_default_qconfig, prepare
from torch.ao.quantization.quantize import _remove_qconfig


@dataclasses.dataclass
class EpochQuantStats:
    epoch: int
    spans: Dict[str, float]

    @property
    def worst(self):
        return max(self.spans.items(), key=lambda kv: kv[1])


@contextlib.contextmanager
def observed(model, backend="fbgemm"):
    was_training = model.training
    model.eval()
    model.qconfig = get_default_qconfig(backend)
    prepare(model, inplace=True)
    try:
        yield model
    finally:
        _remove_qconfig(model)
        model.train(was_training)


class QuantFriendlinessMonitor:
    def __init__(self, calib_batches):
        self.calib_batches = calib_batches
        self.history = []

    def after_epoch(self, epoch, model):
        spans = {}
        with observed(model) as m, torch.no_grad():
            for x in self.calib_batches:
                m(x)
            for name, module in m.named_modules():
                obs = getattr(module, "activation_post_process", None)
                if obs is not None and hasattr(obs, "min_val"):
                    spans[name] = float(obs.max_val - obs.min_val)
        self.history.append(EpochQuantStats(epoch, spans))
        return self.history[-1]
