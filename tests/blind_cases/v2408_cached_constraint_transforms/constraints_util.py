"""Shared bijections from unconstrained network outputs to constrained values.

With cache_size=1, inv() of a value that was just produced returns the original
raw tensor exactly instead of recomputing it (used by the diagnostics).
"""
from torch.distributions import transforms as T

POSITIVE = T.ComposeTransform([T.ExpTransform(), T.AffineTransform(1e-3, 1.0)]).with_cache(1)
UNIT_INTERVAL = T.SigmoidTransform(cache_size=1)


def positive(raw):
    return POSITIVE(raw)  # retain


def unit(raw):
    return UNIT_INTERVAL(raw)  # retain


def raw_of(value, transform):
    return transform.inv(value)
