"""Serving export wrapper and a small in-process model registry."""
import collections
import copy
import io

import torch
import torch.nn as nn

from handoff import InProcessHandle, handle_scope


class ServingExport(InProcessHandle, nn.Module):
    """Frozen copy of a trained model with input normalization and softmax baked in."""

    def __init__(self, model, mean, std, labels):
        super().__init__()
        self.model = copy.deepcopy(model).eval()
        self.register_buffer("mean", mean.clone())
        self.register_buffer("std", std.clone())
        self.labels = list(labels)

    @torch.no_grad()
    def forward(self, x):
        logits = self.model((x - self.mean) / self.std)
        return logits.softmax(dim=-1)


class ModelRegistry:
    def __init__(self, keep_last=3):
        self._entries = collections.deque(maxlen=keep_last)

    def publish(self, export, version, metrics):
        buf = io.BytesIO()
        handles = {}
        with handle_scope(handles):
            torch.save({"version": version, "metrics": dict(metrics), "export": export}, buf)
        self._entries.append((version, metrics["val_loss"], buf.getvalue(), handles))

    def load_best(self):
        version, _, blob, handles = min(self._entries, key=lambda entry: entry[1])
        with handle_scope(handles):
            payload = torch.load(io.BytesIO(blob), map_location="cpu")
        return version, payload["export"]
