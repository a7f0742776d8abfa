"""Typed feature taps: a probe head declares the backbone stage that feeds it in its input type."""
import typing
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass(frozen=True)
class Tap:
    stage: nn.Module
    dim: int

    def describe(self):
        return f"{type(self.stage).__name__}[{self.dim}]"


def tapped(stage, dim):
    """Return ``Annotated[Tensor, Tap]`` so heads can be checked with get_type_hints-style tooling."""
    return typing.Annotated[torch.Tensor, Tap(stage, dim)]  # retain


def tap_of(spec):
    for meta in typing.get_args(spec)[1:]:
        if isinstance(meta, Tap):
            return meta
    raise TypeError(f"{spec!r} does not carry a Tap")


def check_features(spec, features):
    tap = tap_of(spec)
    if features.shape[-1] != tap.dim:
        raise ValueError(f"expected {tap.describe()}, got {tuple(features.shape)}")
    return features
