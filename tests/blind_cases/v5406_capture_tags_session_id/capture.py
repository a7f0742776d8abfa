"""Records the layer-level dataflow of one forward pass by tagging activations."""
import itertools
from dataclasses import dataclass, field

import torch

_session_ids = itertools.count()


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
        self.session_id = next(_session_ids)
        self.records = []
        self.output = None

    def _on_forward(self, name, module, inputs, output):
        parents = [t._capture_index for t in inputs
                   if torch.is_tensor(t) and getattr(t, "_capture_session", None) == self.session_id]
        rec = LayerRecord(len(self.records), name, type(module).__name__, tuple(output.shape), parents)
        self.records.append(rec)
        output._capture_session = self.session_id
        output._capture_index = rec.index

    def run(self, sample):
        handles = []
        for name, module in self.model.named_modules():
            if name and not list(module.children()):
                hook = lambda m, i, o, _n=name: self._on_forward(_n, m, i, o)
                handles.append(module.register_forward_hook(hook))
        try:
            output = self.model(sample)
        finally:
            for h in handles:
                h.remove()
        self.output = output
        return self
