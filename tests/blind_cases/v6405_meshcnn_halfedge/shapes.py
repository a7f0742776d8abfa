"""Synthetic shape classes: jittered, once-subdivided octahedra stretched per class."""
import torch

from mesh import HalfEdgeMesh

OCTA_V = torch.tensor([[1., 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]])
OCTA_F = torch.tensor([[0, 2, 4], [2, 1, 4], [1, 3, 4], [3, 0, 4],
                       [2, 0, 5], [1, 2, 5], [3, 1, 5], [0, 3, 5]])
STRETCH = {0: (1.0, 1.0, 1.0), 1: (1.8, 1.0, 0.6), 2: (0.7, 0.7, 1.9)}


def subdivide(vertices, faces):
    verts, mid, out = vertices.tolist(), {}, []

    def midpoint(i, j):
        key = (min(i, j), max(i, j))
        if key not in mid:
            verts.append([(a + b) / 2 for a, b in zip(verts[i], verts[j])])
            mid[key] = len(verts) - 1
        return mid[key]

    for a, b, c in faces.tolist():
        ab, bc, ca = midpoint(a, b), midpoint(b, c), midpoint(c, a)
        out += [[a, ab, ca], [ab, b, bc], [ca, bc, c], [ab, bc, ca]]
    return torch.tensor(verts), torch.tensor(out)


class ShapeDataset:
    def __init__(self, size, jitter=0.05, seed=0):
        self.size, self.jitter = size, jitter
        self.gen = torch.Generator().manual_seed(seed)
        self.base_v, self.faces = subdivide(OCTA_V, OCTA_F)

    def __getitem__(self, idx):
        label = idx % len(STRETCH)
        v = self.base_v * torch.tensor(STRETCH[label])
        v = v + self.jitter * torch.randn(v.shape, generator=self.gen)
        mesh = HalfEdgeMesh(v, self.faces)
        return mesh.edge_features(), mesh.neighbourhood(), label
