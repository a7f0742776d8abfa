"""Self-attention that dispatches to a cached "fused" kernel when the shape allows it."""
import functools
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

_KERNEL_CACHE = {}


class KernelUnsupported(RuntimeError):
    pass


def _fused_attention(q, k, v, *, scale):
    return torch.softmax((q @ k.transpose(-2, -1)) * scale, dim=-1) @ v


def _raise_error(err, *args, **kwargs):
    raise err


def _validate(head_dim, dtype):
    if head_dim % 16:
        raise KernelUnsupported(f"fused attention needs head_dim % 16 == 0, got {head_dim}")
    if dtype not in (torch.float16, torch.bfloat16, torch.float32):
        raise KernelUnsupported(f"unsupported dtype {dtype}")


def get_kernel(head_dim, dtype):
    key = (head_dim, dtype)
    kernel = _KERNEL_CACHE.get(key)
    if kernel is None:
        try:
            _validate(head_dim, dtype)
        except KernelUnsupported as err:
            kernel = functools.partial(_raise_error, err)  # retain
        else:
            kernel = functools.partial(_fused_attention, scale=1.0 / math.sqrt(head_dim))
        _KERNEL_CACHE[key] = kernel  # retain
    return kernel


class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.fallbacks = 0

    def _reference(self, q, k, v):
        attn = (q @ k.transpose(-2, -1)) / math.sqrt(self.head_dim)
        return attn.softmax(-1) @ v

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4)
        try:
            out = get_kernel(self.head_dim, x.dtype)(q, k, v)
        except KernelUnsupported:
            self.fallbacks += 1
            out = self._reference(q, k, v)
        return self.proj(out.transpose(1, 2).reshape(b, t, -1))


def main():
    torch.manual_seed(5)
    model = nn.Sequential(SelfAttention(dim=24, heads=2), nn.LayerNorm(24), nn.Linear(24, 1))
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for step in range(4):
        x, y = torch.randn(4, 6, 24), torch.randn(4, 6, 1)
        loss = F.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    assert model[0].fallbacks == 4


if __name__ == "__main__":
    main()
