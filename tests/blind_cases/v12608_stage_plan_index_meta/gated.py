"""Functional gated-MLP encoder used by the pipeline planner."""
import torch
import torch.nn.functional as F


def gated_encoder(x, w_gate, w_up, w_down, w_mid, w_head):
    h = F.layer_norm(x, (x.shape[-1],))
    h = F.silu(F.linear(h, w_gate)) * F.linear(h, w_up)
    x = x + F.linear(h, w_down)
    x = x + torch.tanh(F.linear(x, w_mid))
    return F.linear(x, w_head)


def make_weights(dim, hidden, classes, seed):
    gen = torch.Generator().manual_seed(seed)
    shapes = [(hidden, dim), (hidden, dim), (dim, hidden), (dim, dim), (classes, dim)]
    return [(torch.randn(*s, generator=gen) / s[1] ** 0.5).requires_grad_() for s in shapes]
