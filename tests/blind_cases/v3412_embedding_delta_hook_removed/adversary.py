"""FreeLB-style adversarial perturbations applied to word embeddings."""
from dataclasses import dataclass, field
from typing import Optional

import torch


@dataclass
class PerturbState:
    embeds: torch.Tensor
    mask: torch.Tensor
    delta: Optional[torch.Tensor] = None
    grad_norms: list = field(default_factory=list)


def _token_norm(t, mask):
    norms = t.norm(dim=-1, keepdim=True) * mask.unsqueeze(-1)
    return norms.sum(1, keepdim=True).clamp_min(1e-8)


class EmbeddingAdversary:
    def __init__(self, adv_lr=0.1, max_norm=1.0, steps=2):
        self.adv_lr = adv_lr
        self.max_norm = max_norm
        self.steps = steps

    def _attach(self, state):
        state.delta = torch.zeros_like(state.embeds).uniform_(-0.01, 0.01).requires_grad_()
        return state.delta.register_hook(lambda g: g / _token_norm(g, state.mask))

    def run(self, state, loss_fn):
        """Accumulates parameter gradients over `steps` ascent steps; returns the mean loss."""
        handle = self._attach(state)
        total = 0.0
        try:
            for _ in range(self.steps):
                loss = loss_fn(state.embeds + state.delta) / self.steps
                loss.backward(retain_graph=True)
                total += loss.item()
                with torch.no_grad():
                    state.grad_norms.append(float(state.delta.grad.norm()))
                    state.delta.add_(self.adv_lr * state.delta.grad)
                    scale = (self.max_norm / _token_norm(state.delta, state.mask)).clamp(max=1.0)
                    state.delta.mul_(scale)
                state.delta.grad = None
        finally:
            handle.remove()
        return total
