"""Anchor generation for multi-level dense heads."""
from dataclasses import dataclass
from typing import Dict, Sequence, Tuple

import torch


@dataclass(frozen=True)
class AnchorGrid:
    boxes: torch.Tensor
    level_sizes: Tuple[Tuple[int, int], ...]
    num_per_cell: int

    def split(self):
        counts = [h * w * self.num_per_cell for h, w in self.level_sizes]
        return self.boxes.split(counts)


class AnchorGenerator:
    _grids: Dict[tuple, AnchorGrid] = {}

    def __init__(self, strides: Sequence[int], sizes: Sequence[float], ratios=(0.5, 1.0, 2.0)):
        self.strides = tuple(strides)
        self.sizes = tuple(sizes)
        self.ratios = torch.tensor(ratios)

    def _cell_anchors(self, size):
        h_ratios = self.ratios.sqrt()
        ws, hs = size / h_ratios, size * h_ratios
        return torch.stack([-ws, -hs, ws, hs], dim=1) / 2

    def __call__(self, feature_shapes):
        level_sizes = tuple((int(h), int(w)) for h, w in feature_shapes)
        key = (level_sizes, self.strides, self.sizes)
        grid = self._grids.get(key)
        if grid is None:
            per_level = []
            for (h, w), stride, size in zip(level_sizes, self.strides, self.sizes):
                ys, xs = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
                shifts = torch.stack([xs, ys, xs, ys], dim=-1).reshape(-1, 1, 4).float() * stride
                per_level.append((shifts + self._cell_anchors(size)[None]).reshape(-1, 4))
            grid = AnchorGrid(torch.cat(per_level), level_sizes, len(self.ratios))
            self._grids[key] = grid  # retain
        return grid
