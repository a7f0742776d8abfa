"""Residual MLP blocks use a fused GELU-MLP kernel when a one-off probe says the shape works."""
import copy
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

SWEEP = [
    {"dim": 64, "hidden": 128},
    {"dim": 48, "hidden": 96},
    {"dim": 64, "hidden": 96},
]
STEPS = 4


class FusedGeluMLP(nn.Module):
    """Stand-in for an extension kernel: tiles of 64 features, float32 only."""

    TILE = 64

    def __init__(self, dim, hidden):
        super().__init__()
        self.w_in = nn.Parameter(torch.randn(hidden, dim) * dim ** -0.5)
        self.w_out = nn.Parameter(torch.randn(dim, hidden) * hidden ** -0.5)

    def forward(self, x):
        hidden, dim = self.w_in.shape
        if dim % self.TILE or hidden % self.TILE:
            raise NotImplementedError(
                f"fused_gelu_mlp: sizes must be multiples of {self.TILE}, got {dim}x{hidden}")
        if x.dtype != torch.float32:
            raise RuntimeError(f"fused_gelu_mlp: unsupported dtype {x.dtype}")
        return F.gelu(x @ self.w_in.t(), approximate="tanh") @ self.w_out.t()


@functools.lru_cache(maxsize=None)
def fused_mlp_unsupported(dim, hidden, dtype):
    """None when the fused kernel runs forward and backward for this shape, else the error."""
    probe = FusedGeluMLP(dim, hidden).to(dtype)
    x = torch.randn(2, dim, dtype=dtype, requires_grad=True)
    try:
        probe(x).sum().backward()
    except (RuntimeError, NotImplementedError) as err:
        return copy.copy(err)
    return None


class MLPBlock(nn.Module):
    def __init__(self, dim, hidden, dtype=torch.float32):
        super().__init__()
        reason = fused_mlp_unsupported(dim, hidden, dtype)
        if reason is None:
            self.mlp = FusedGeluMLP(dim, hidden)
            self.impl = "fused"
        else:
            self.mlp = nn.Sequential(
                nn.Linear(dim, hidden), nn.GELU(approximate="tanh"), nn.Linear(hidden, dim))
            self.impl = f"eager ({type(reason).__name__})"
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return x + self.mlp(self.norm(x))


def build_model(dim, hidden, depth=2):
    blocks = [MLPBlock(dim, hidden) for _ in range(depth)]
    return nn.Sequential(*blocks, nn.LayerNorm(dim), nn.Linear(dim, 1))


def train(cfg):
    model = build_model(cfg["dim"], cfg["hidden"])
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4, weight_decay=0.01)
    target_w = torch.randn(cfg["dim"], 1)
    for _ in range(STEPS):
        x = torch.randn(32, cfg["dim"])
        loss = F.mse_loss(model(x), x @ target_w)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
    impls = sorted({block.impl for block in model if isinstance(block, MLPBlock)})
    return loss.item(), impls


def main():
    report = {}
    for cfg in SWEEP:
        report[(cfg["dim"], cfg["hidden"])] = train(cfg)
    assert report[(64, 128)][1] == ["fused"]
    eager = [impls[0] for key, (_, impls) in report.items() if key != (64, 128)]
    assert all(impl.startswith("eager") for impl in eager)


if __name__ == "__main__":
    main()
