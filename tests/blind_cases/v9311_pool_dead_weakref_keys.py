"""Process-wide pool of scratch workspaces, partitioned per owning model.

Owners are referenced weakly so that the pool does not keep models alive."""
import weakref

import torch
import torch.nn as nn


class Workspace:
    def __init__(self, owner_name, width):
        self.owner_name = owner_name
        self.scratch = torch.empty(width)
        self.hidden = None
        self.uses = 0


class WorkspacePool:
    def __init__(self):
        self._free = {}

    def acquire(self, owner, width):
        free = self._free.setdefault(weakref.ref(owner), [])
        ws = free.pop() if free else Workspace(type(owner).__name__, width)
        ws.uses += 1
        return ws

    def release(self, owner, ws):
        self._free[weakref.ref(owner)].append(ws)  # retain

    def stats(self):
        return {"owners": len(self._free), "idle": sum(len(v) for v in self._free.values())}


POOL = WorkspacePool()


class GatedMLP(nn.Module):
    def __init__(self, dim, width):
        super().__init__()
        self.width = width
        self.up = nn.Linear(dim, 2 * width)
        self.down = nn.Linear(width, dim)

    def forward(self, x, ws):
        a, b = self.up(x).chunk(2, dim=-1)
        ws.hidden = a * torch.sigmoid(b)  # retain
        return self.down(ws.hidden)


def train_variant(width, steps=5, dim=12):
    torch.manual_seed(width)
    model = GatedMLP(dim, width)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.01)
    for _ in range(steps):
        x = torch.randn(32, dim)
        ws = POOL.acquire(model, width)
        try:
            out = model(x, ws)
            sparsity = ws.hidden.abs().mean()
            loss = (out - x).pow(2).mean() + 1e-3 * sparsity
            opt.zero_grad()
            loss.backward()
            opt.step()
        finally:
            POOL.release(model, ws)
    return loss.item()


def main():
    results = {w: train_variant(w) for w in (16, 32, 64)}
    assert len(results) == 3 and POOL.stats()["owners"] == 3


if __name__ == "__main__":
    main()
