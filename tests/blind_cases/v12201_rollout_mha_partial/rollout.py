"""Attention rollout (Abnar & Zuidema, 2020) for ViTs built on nn.MultiheadAttention."""
import functools

import torch


class AttentionRollout:
    def __init__(self, model, head_fusion="mean", discard_ratio=0.0):
        self.model = model
        self.head_fusion = head_fusion
        self.discard_ratio = discard_ratio
        self.attentions = []
        self._handles = []
        for blk in model.blocks:
            attn = blk.attn
            # per-head maps: the blocks call attn(h, h, h) with the averaged default
            attn.forward = functools.partial(attn.forward, need_weights=True, average_attn_weights=False)  # cycle
            self._handles.append(attn.register_forward_hook(self._store))

    def _store(self, module, inputs, output):
        self.attentions.append(output[1].detach())

    def _fuse(self, attn):
        if self.head_fusion == "max":
            return attn.amax(dim=1)
        if self.head_fusion == "min":
            return attn.amin(dim=1)
        return attn.mean(dim=1)

    @torch.no_grad()
    def __call__(self, images):
        self.attentions.clear()
        self.model(images)
        n = self.attentions[0].shape[-1]
        eye = torch.eye(n)
        result = eye.expand(images.shape[0], n, n)
        for attn in self.attentions:
            fused = self._fuse(attn)
            if self.discard_ratio > 0:
                flat = fused.reshape(fused.shape[0], -1)
                k = int(flat.shape[1] * self.discard_ratio)
                lowest = flat.topk(k, dim=1, largest=False).indices
                flat = flat.scatter(1, lowest, 0.0)
                fused = flat.view_as(fused)
            a = (fused + eye) / 2
            a = a / a.sum(dim=-1, keepdim=True)
            result = a @ result
        mask = result[:, 0, 1:]
        return mask / mask.amax(dim=1, keepdim=True)

    def remove(self):
        for handle in self._handles:
            handle.remove()
        self._handles.clear()
        self.attentions.clear()
