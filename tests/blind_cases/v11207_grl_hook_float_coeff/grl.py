"""Gradient reversal implemented with a tensor hook (identity forward, -coeff * grad backward)."""
import math


def dann_coefficient(progress, gamma=10.0, max_coeff=1.0):
    return max_coeff * (2.0 / (1.0 + math.exp(-gamma * progress)) - 1.0)


def reverse_gradient(x, coeff):
    y = x.clone()
    if y.requires_grad:
        y.register_hook(lambda g: g * -coeff)
    return y
