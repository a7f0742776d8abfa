"""Invertible test-time views for heatmap prediction; each view carries its own undo callable."""
import functools
from dataclasses import dataclass, field
from typing import Callable, Optional

import torch


@dataclass
class View:
    name: str
    image: torch.Tensor
    params: dict = field(default_factory=dict)
    undo: Optional[Callable] = None


class VFlip:
    name = "vflip"

    def sample_params(self, gen):
        return {}

    def apply(self, x):
        return x.flip(-2)

    def invert(self, heat):
        return heat.flip(-2)


class Translate:
    name = "translate"

    def __init__(self, max_px):
        self.max_px = max_px

    def sample_params(self, gen):
        dy, dx = torch.randint(-self.max_px, self.max_px + 1, (2,), generator=gen).tolist()
        return {"dy": dy, "dx": dx}

    def apply(self, x, dy, dx):
        return torch.roll(x, shifts=(dy, dx), dims=(-2, -1))

    def invert(self, heat, dy, dx):
        return torch.roll(heat, shifts=(-dy, -dx), dims=(-2, -1))


def make_view(op, image, gen):
    view = View(op.name, image)
    view.params = op.sample_params(gen)
    view.image = op.apply(image, **view.params)
    view.undo = functools.partial(op.invert, **view.params)
    return view
