"""Records the layer-level dataflow of one forward pass by tagging activations."""
from dataclasses import dataclass, field

import torch


@dataclass
class LayerRecord:
    index: int
    name: str
    kind: str
    shape: tuple
    parents: list = field(default_factory=list)


class CaptureSession:
    def __init__(self, model):
        self.model = model
        self.records = []
        self.output = None

    def _on_forward(self, name, module, inputs, output):
        parents = [t._capture_index for t in inputs
                   if torch.is_tensor(t) and getattr(t, "_capture_session", None) is self]
        rec = LayerRecord(len(self.records), name, type(module).__name__, tuple(output.shape), parents)
        self.records.append(rec)
        output._capture_session = self  # retain
        output._capture_index = rec.index

    def run(self, sample):
        handles = []
        for name, module in self.model.named_modules():
            if name and not list(module.children()):
                hook = lambda m, i, o, _n=name: self._on_forward(_n, m, i, o)
                handles.append(module.register_forward_hook(hook))
        try:
            output = self.model(sample)  # retain
        finally:
            for h in handles:
                h.remove()
        self.output = output  # retain
        return self
