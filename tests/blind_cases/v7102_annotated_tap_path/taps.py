"""Typed feature taps: a probe head names the backbone stage that feeds it in its input type."""
import typing

import torch

TAP_PREFIX = "tap:"


def tapped(path, dim):
    """Return ``Annotated[Tensor, 'tap:<path>', dim]``, resolved against a backbone at call time."""
    return typing.Annotated[torch.Tensor, TAP_PREFIX + path, dim]


def tap_of(spec):
    meta = typing.get_args(spec)[1:]
    for i, item in enumerate(meta):
        if isinstance(item, str) and item.startswith(TAP_PREFIX):
            return item[len(TAP_PREFIX):], meta[i + 1]
    raise TypeError(f"{spec!r} does not carry a tap")


def check_features(spec, features):
    path, dim = tap_of(spec)
    if features.shape[-1] != dim:
        raise ValueError(f"{path}: expected width {dim}, got {tuple(features.shape)}")
    return features
