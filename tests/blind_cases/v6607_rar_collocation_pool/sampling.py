"""Collocation sampling with residual-based adaptive refinement (RAR) for 2D PINNs."""
import torch


class RefinementPool:
    """Highest-residual collocation points found so far; reused in every later batch."""

    def __init__(self, capacity):
        self.capacity = capacity
        self.points = []

    def __len__(self):
        return sum(len(p) for p in self.points)

    def add(self, pts):
        self.points.append(pts)  # retain
        while len(self) > self.capacity and len(self.points) > 1:
            self.points.pop(0)

    def batches(self):
        return list(self.points)


POOL = RefinementPool(capacity=256)


def sample_collocation(n, lo=-1.0, hi=1.0):
    fresh = lo + (hi - lo) * torch.rand(n, 2)
    xy = torch.cat([fresh] + POOL.batches())
    return xy.detach().requires_grad_(True)


def sample_boundary(n, lo=-1.0, hi=1.0):
    s = lo + (hi - lo) * torch.rand(n, 1)
    side = torch.randint(0, 4, (n, 1))
    edge = torch.where(side % 2 == 0, torch.full_like(s, lo), torch.full_like(s, hi))
    return torch.where(side < 2, torch.cat([edge, s], 1), torch.cat([s, edge], 1))


def refine(xy, residual, k):
    worst = residual.detach().abs().squeeze(1).topk(k).indices
    POOL.add(xy[worst])
    return len(POOL)
