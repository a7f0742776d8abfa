"""Gated multimodal fusion over penultimate features captured with forward hooks."""
import torch
import torch.nn as nn


class GatedFusion(nn.Module):
    def __init__(self, encoders, dim, n_classes):
        super().__init__()
        self.encoders = nn.ModuleDict(encoders)
        self.proj = nn.ModuleDict({m: nn.Linear(dim, dim) for m in encoders})
        self.gate = nn.Linear(dim * len(encoders), len(encoders))
        self.classifier = nn.Linear(dim, n_classes)
        self._feats = {}
        self._handles = []
        for name, enc in self.encoders.items():
            hook = lambda mod, inp, out, key=name, store=self._feats: store.__setitem__(key, out)
            self._handles.append(enc.pool.register_forward_hook(hook))

    def forward(self, batch):
        for name, enc in self.encoders.items():
            enc(batch[name])
        modalities = list(self.encoders)
        raw = torch.cat([self._feats[m] for m in modalities], dim=1)
        gates = torch.softmax(self.gate(raw), dim=1)
        fused = sum(gates[:, i:i + 1] * torch.tanh(self.proj[m](self._feats[m]))
                    for i, m in enumerate(modalities))
        return self.classifier(fused), gates

    def detach_hooks(self):
        for handle in self._handles:
            handle.remove()
        self._handles.clear()
