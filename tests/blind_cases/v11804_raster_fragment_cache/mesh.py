"""Template triangle mesh and a learnable per-vertex deformation."""
import torch
import torch.nn as nn


class TriMesh:
    def __init__(self, name, verts, faces):
        self.name = name
        self.verts = verts
        self.faces = faces


def grid_mesh(name, n=3, half=0.3):
    lin = torch.linspace(-half, half, n + 1)
    ys, xs = torch.meshgrid(lin, lin, indexing="ij")
    verts = torch.stack([xs.reshape(-1), ys.reshape(-1)], dim=-1)
    faces = []
    for r in range(n):
        for c in range(n):
            v = r * (n + 1) + c
            faces.append([v, v + 1, v + n + 2])
            faces.append([v, v + n + 2, v + n + 1])
    return TriMesh(name, verts, torch.tensor(faces))


class Deformer(nn.Module):
    def __init__(self, n_verts):
        super().__init__()
        self.offsets = nn.Parameter(torch.zeros(n_verts, 2))
        self.log_scale = nn.Parameter(torch.zeros(()))

    def forward(self, mesh):
        return mesh.verts * self.log_scale.exp() + self.offsets
