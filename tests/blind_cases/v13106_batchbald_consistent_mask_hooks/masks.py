"""Consistent MC-dropout masks: K masks are drawn once and reused for every pool batch (BatchBALD)."""
import torch
import torch.nn as nn


class ConsistentMaskBank:
    def __init__(self, model, k, generator=None):
        self.model = model  # cycle
        self.k = k
        self.generator = generator
        self.masks = {}
        self.active = False
        self.handles = []
        for name, layer in model.named_modules():
            if isinstance(layer, nn.Dropout):
                self.handles.append(layer.register_forward_hook(self._hook_for(name, layer.p)))  # cycle

    def _hook_for(self, name, p):
        def apply_mask(module, inputs, output):  # cycle
            if not self.active:
                return None
            x = inputs[0]
            mask = self.masks.get(name)
            if mask is None:
                keep = torch.rand(self.k, 1, x.shape[-1], generator=self.generator) > p
                mask = keep.to(x.dtype) / (1.0 - p)
                self.masks[name] = mask
            per_sample = x.shape[0] // self.k
            return (x.view(self.k, per_sample, -1) * mask).view_as(x)
        return apply_mask

    def resample(self):
        self.masks.clear()

    def log_probs(self, x, chunk=32):
        """Log-probabilities of shape [K, N, C] under the K fixed dropout masks."""
        was_training = self.model.training
        self.model.eval()
        self.active = True
        outs = []
        try:
            with torch.no_grad():
                for part in x.split(chunk):
                    tiled = part.unsqueeze(0).expand(self.k, *part.shape).reshape(-1, part.shape[-1])
                    logits = self.model(tiled).view(self.k, part.shape[0], -1)
                    outs.append(logits.log_softmax(-1))
        finally:
            self.active = False
            self.model.train(was_training)
        return torch.cat(outs, dim=1)
