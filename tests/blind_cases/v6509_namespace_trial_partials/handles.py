"""Minimal trial handles: plain namespaces with a few pre-bound helper functions."""
import functools
import math
import types


def _suggest_categorical(handle, name, choices):
    if name not in handle.params:
        handle.params[name] = handle.rng.choice(list(choices))
    return handle.params[name]


def _suggest_loguniform(handle, name, low, high):
    if name not in handle.params:
        handle.params[name] = math.exp(handle.rng.uniform(math.log(low), math.log(high)))
    return handle.params[name]


def _report(handle, value, step):
    handle.intermediate[step] = float(value)


def _should_prune(handle, step):
    return handle.pruner.prune(handle.intermediate, step)


def new_trial(number, rng, pruner):
    handle = types.SimpleNamespace(
        number=number, rng=rng, pruner=pruner, params={}, intermediate={}, artifacts={}, state="RUNNING"
    )
    handle.suggest_categorical = functools.partial(_suggest_categorical, handle)  # cycle
    handle.suggest_loguniform = functools.partial(_suggest_loguniform, handle)  # cycle
    handle.report = functools.partial(_report, handle)  # cycle
    handle.should_prune = functools.partial(_should_prune, handle)  # cycle
    return handle
