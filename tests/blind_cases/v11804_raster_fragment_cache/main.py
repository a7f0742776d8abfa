"""Deform a square template mesh so that its silhouette matches a disc."""
import math

import torch

from mesh import Deformer, grid_mesh
from raster import rasterize, rotate, shade_silhouette

CONFIG = {"image_size": 16, "epochs": 3, "steps_per_epoch": 4, "lr": 0.02, "preview_views": 3}


def target_disc(size, radius=0.45):
    ys = (torch.arange(size) + 0.5) / size * 2.0 - 1.0
    gy, gx = torch.meshgrid(ys, ys, indexing="ij")
    return ((gx ** 2 + gy ** 2) < radius ** 2).float()


def render(verts, faces, size, angle=0.0, cache_key=None):
    bary = rasterize(rotate(verts, angle), faces, size, cache_key=cache_key)
    return shade_silhouette(bary, size)


def preview(deformer, mesh, size, n_views):
    deformer.eval()
    frames = []
    for view in range(n_views):
        angle = 2.0 * math.pi * view / n_views
        verts = deformer(mesh)
        frames.append(render(verts, mesh.faces, size, angle, cache_key=(mesh.name, view, size)))
    deformer.train()
    return [float(f.mean()) for f in frames]


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    mesh = grid_mesh("square_3x3")
    deformer = Deformer(len(mesh.verts))
    opt = torch.optim.Adam(deformer.parameters(), lr=cfg["lr"])
    target = target_disc(cfg["image_size"])
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps_per_epoch"]):
            sil = render(deformer(mesh), mesh.faces, cfg["image_size"])
            loss = ((sil - target) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        coverage = preview(deformer, mesh, cfg["image_size"], cfg["preview_views"])
        print(f"epoch {epoch}: loss {loss.item():.4f} preview coverage {coverage}")


if __name__ == "__main__":
    main()
