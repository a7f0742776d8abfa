"""Gradient clipping with a record of the pre-clip norms."""
import torch


class Plugin:
    def __init__(self, max_norm=1.0):
        self.max_norm = max_norm
        self.norms = []

    def setup(self, model, optimizer):
        self.params = [p for p in model.parameters() if p.requires_grad]

    def on_after_backward(self, step):
        norm = torch.nn.utils.clip_grad_norm_(self.params, self.max_norm)
        self.norms.append(float(norm))
