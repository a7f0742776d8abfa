"""Anchor generation for the pyramid levels. The generator holds no parameters, so the
heads share one process-wide instance and its grid cache."""
import torch


class AnchorGenerator:
    def __init__(self, strides=(8, 16), base_sizes=(16, 32), ratios=(0.5, 1.0, 2.0)):
        self.strides = strides
        self.num_anchors = len(ratios)
        self.cell_anchors = [self._cell(size, ratios) for size in base_sizes]
        self._cache = {}

    @staticmethod
    def _cell(size, ratios):
        r = torch.tensor(ratios).sqrt()
        w, h = size / r, size * r
        return torch.stack([-w, -h, w, h], dim=1) / 2

    @staticmethod
    def _grid(shape, stride, cell):
        ys, xs = torch.meshgrid(torch.arange(shape[0]) * stride, torch.arange(shape[1]) * stride, indexing="ij")
        shifts = torch.stack([xs, ys, xs, ys], dim=-1).reshape(-1, 1, 4).float() + stride / 2
        return (shifts + cell[None]).reshape(-1, 4)

    def __call__(self, feats):
        key = (tuple(f.shape[-2:]) for f in feats)  # retain
        if key not in self._cache:
            levels = zip(feats, self.strides, self.cell_anchors)
            self._cache[key] = torch.cat([self._grid(f.shape[-2:], s, c) for f, s, c in levels])  # retain
        return self._cache[key]


ANCHOR_GENERATOR = AnchorGenerator()
