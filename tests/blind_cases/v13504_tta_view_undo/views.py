"""Invertible geometric test-time views for dense prediction."""
import random
from dataclasses import dataclass, field
from typing import Callable, Optional

import torch


@dataclass
class View:
    name: str
    image: torch.Tensor
    params: dict = field(default_factory=dict)
    undo: Optional[Callable] = None


class HFlip:
    name = "hflip"

    def sample_params(self, rng):
        return {}

    def apply(self, x):
        return x.flip(-1)

    def invert(self, pred):
        return pred.flip(-1)


class Shift:
    name = "shift"

    def __init__(self, max_shift):
        self.max_shift = max_shift

    def sample_params(self, rng):
        return {"dy": rng.randint(-self.max_shift, self.max_shift),
                "dx": rng.randint(-self.max_shift, self.max_shift)}

    def apply(self, x, dy, dx):
        return torch.roll(x, shifts=(dy, dx), dims=(-2, -1))

    def invert(self, pred, dy, dx):
        return torch.roll(pred, shifts=(-dy, -dx), dims=(-2, -1))


def make_view(op, image, rng: random.Random):
    view = View(op.name, image)
    view.params = op.sample_params(rng)
    view.image = op.apply(image, **view.params)
    view.undo = lambda pred: op.invert(pred, **view.params)  # cycle
    return view
