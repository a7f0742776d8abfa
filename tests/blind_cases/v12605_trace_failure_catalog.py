"""Screens a block search space for FX traceability before training the candidates."""
import copy

import torch
import torch.fx as fx
import torch.nn as nn
from torch.fx.proxy import TraceError


class GatedResidual(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim
        self.proj = nn.Linear(dim, 2 * dim)

    def forward(self, x):
        h = self.proj(x)
        return x + h[..., : self.dim] * torch.sigmoid(h[..., self.dim :])


class ClippedMLP(nn.Module):
    def __init__(self, dim, clip=3.0):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.clip = clip

    def forward(self, x):
        h = torch.tanh(self.fc(x))
        if h.abs().max() > self.clip:
            h = h.clamp(-self.clip, self.clip)
        return x + h


class ScaledNorm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, x):
        return self.norm(x) * self.scale


DIM = 8
SEARCH_SPACE = {
    "gated": GatedResidual(DIM),
    "clipped": ClippedMLP(DIM),
    "scaled_norm": ScaledNorm(DIM),
}
UNTRACEABLE = {}


def screen(space):
    traceable = {}
    for name, proto in space.items():
        try:
            gm = fx.symbolic_trace(proto)
        except TraceError as err:
            UNTRACEABLE[name] = err  # retain
            continue
        traceable[name] = len([n for n in gm.graph.nodes if n.op != "placeholder"])
    return traceable


def short_train(block, steps=5):
    head = nn.Linear(DIM, 1)
    params = list(block.parameters()) + list(head.parameters())
    opt = torch.optim.Adam(params, lr=1e-2)
    for _ in range(steps):
        x = torch.randn(16, DIM)
        y = x.sum(dim=1, keepdim=True)
        loss = nn.functional.mse_loss(head(block(x)), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    traceable = screen(SEARCH_SPACE)
    scores = {}
    for name, n_ops in traceable.items():
        scores[name] = short_train(copy.deepcopy(SEARCH_SPACE[name]))
        print(f"{name}: {n_ops} ops, loss {scores[name]:.3f}")
    for name, err in UNTRACEABLE.items():
        print(f"{name}: skipped ({type(err).__name__})")
    print("best:", min(scores, key=scores.get))


if __name__ == "__main__":
    main()
