"""Attention rollout for nn.MultiheadAttention ViTs, scoped to a with-block."""
import functools

import torch


class AttentionRollout:
    """Patches every attention layer to return per-head maps while the block is active."""

    def __init__(self, model, head_fusion="mean"):
        self.model = model
        self.head_fusion = head_fusion
        self.attentions = []
        self._handles = []

    def __enter__(self):
        for blk in self.model.blocks:
            attn = blk.attn
            attn.forward = functools.partial(attn.forward, need_weights=True, average_attn_weights=False)
            self._handles.append(attn.register_forward_hook(self._store))
        return self

    def __exit__(self, exc_type, exc, tb):
        for handle in self._handles:
            handle.remove()
        self._handles.clear()
        for blk in self.model.blocks:
            blk.attn.__dict__.pop("forward", None)
        self.attentions.clear()
        return False

    def _store(self, module, inputs, output):
        self.attentions.append(output[1].detach())

    @torch.no_grad()
    def __call__(self, images):
        self.attentions.clear()
        was_training = self.model.training
        self.model.eval()
        self.model(images)
        self.model.train(was_training)
        n = self.attentions[0].shape[-1]
        eye = torch.eye(n)
        result = eye.expand(images.shape[0], n, n)
        for attn in self.attentions:
            fused = attn.amax(dim=1) if self.head_fusion == "max" else attn.mean(dim=1)
            a = (fused + eye) / 2
            result = (a / a.sum(dim=-1, keepdim=True)) @ result
        mask = result[:, 0, 1:]
        return mask / mask.amax(dim=1, keepdim=True)
