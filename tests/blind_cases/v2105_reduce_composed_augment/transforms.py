"""Function composition helpers for data pipelines."""
import functools


def _then(first, second):
    return lambda sample: second(first(sample))  # cycle


def compose(*stages):
    """compose(f, g, h)(x) == h(g(f(x)))."""
    if not stages:
        return _identity
    return functools.reduce(_then, stages)


def _identity(sample):
    return sample


def describe(pipeline_names):
    return " -> ".join(pipeline_names) if pipeline_names else "identity"
