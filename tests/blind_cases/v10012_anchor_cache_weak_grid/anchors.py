"""Anchor generation for the pyramid levels. The generator holds no parameters, so the
heads share one process-wide instance; grids are cached only while a model holds them."""
import weakref

import torch


class AnchorGrid:
    def __init__(self, shapes, anchors):
        self.shapes = shapes
        self.anchors = anchors


class AnchorGenerator:
    def __init__(self, strides=(8, 16), base_sizes=(16, 32), ratios=(0.5, 1.0, 2.0)):
        self.strides = strides
        self.num_anchors = len(ratios)
        self.cell_anchors = [self._cell(size, ratios) for size in base_sizes]
        self._cache = weakref.WeakValueDictionary()

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
        key = tuple(tuple(f.shape[-2:]) for f in feats)
        grid = self._cache.get(key)
        if grid is None:
            levels = zip(key, self.strides, self.cell_anchors)
            grid = AnchorGrid(key, torch.cat([self._grid(shape, s, c) for shape, s, c in levels]))
            self._cache[key] = grid
        return grid


ANCHOR_GENERATOR = AnchorGenerator()
