"""Functional residual MLP stack; weights live in a flat list owned by the trainer."""
import torch
import torch.nn.functional as F

DEPTH = 4


def residual_stack(x, w0, w1, w2, w3, head):
    for w in (w0, w1, w2, w3):
        x = x + F.gelu(F.linear(F.layer_norm(x, (x.shape[-1],)), w))
    return F.linear(x, head)


def init_weights(dim, out_dim, seed=0):
    gen = torch.Generator().manual_seed(seed)
    ws = [(torch.randn(dim, dim, generator=gen) * 0.1).requires_grad_() for _ in range(DEPTH)]
    ws.append((torch.randn(out_dim, dim, generator=gen) * 0.1).requires_grad_())
    return ws
