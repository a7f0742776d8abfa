"""Activation ops ported from a JAX code base, written against custom_vjp."""
import torch

from autodiff import custom_vjp


@custom_vjp
def squareplus(x, b):
    # squareplus(x) = (x + sqrt(x^2 + b)) / 2, a smooth ReLU (So, 2021)
    s = torch.sqrt(x * x + b)
    out = 0.5 * (x + s)

    def vjp(g):  # cycle
        return g * out / s, None

    return out, vjp


@custom_vjp
def soft_clip(x, limit):
    t = torch.tanh(x / limit)

    def vjp(g):
        return g * (1.0 - t * t), None

    return limit * t, vjp
