"""Soft silhouette rasterizer for 2D triangle meshes (SoftRas-style coverage)."""
import math
import weakref

import torch

_FRAGMENTS = weakref.WeakKeyDictionary()


def pixel_centers(h, w):
    ys = (torch.arange(h) + 0.5) / h * 2.0 - 1.0
    xs = (torch.arange(w) + 0.5) / w * 2.0 - 1.0
    gy, gx = torch.meshgrid(ys, xs, indexing="ij")
    return torch.stack([gx.reshape(-1), gy.reshape(-1)], dim=-1)


def rotate(verts, angle):
    c, s = math.cos(angle), math.sin(angle)
    rot = torch.tensor([[c, -s], [s, c]])
    return verts @ rot.T


def barycentric(verts, faces, pix):
    a, b, c = verts[faces[:, 0]], verts[faces[:, 1]], verts[faces[:, 2]]

    def cross(u, v):
        return u[..., 0] * v[..., 1] - u[..., 1] * v[..., 0]

    area = cross(b - a, c - a)
    p = pix[:, None, :]
    w0 = cross(b - p, c - p) / area
    w1 = cross(c - p, a - p) / area
    w2 = cross(a - p, b - p) / area
    return torch.stack([w0, w1, w2], dim=-1)


def rasterize(verts, faces, size, owner=None, cache_key=None):
    per_mesh = None
    if owner is not None:
        per_mesh = _FRAGMENTS.setdefault(owner, {})
        if cache_key in per_mesh:
            return per_mesh[cache_key]
    bary = barycentric(verts, faces, pixel_centers(size, size))
    if per_mesh is not None:
        per_mesh[cache_key] = bary
    return bary


def shade_silhouette(bary, size, sigma=0.02):
    inside = torch.sigmoid(bary.min(dim=-1).values / sigma)
    coverage = 1.0 - torch.prod(1.0 - inside, dim=-1)
    return coverage.view(size, size)
