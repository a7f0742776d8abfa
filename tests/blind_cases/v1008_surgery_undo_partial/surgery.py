"""In-place sub-module replacement with a way to put the original back."""
import functools

import torch.nn as nn


def _split(root, dotted):
    parent_name, _, child = dotted.rpartition(".")
    parent = root.get_submodule(parent_name) if parent_name else root
    return parent, child


def replace_module(root, dotted, factory):
    """Swap `root.<dotted>` for `factory(old)`; the new module can revert itself via `.revert()`."""
    parent, child = _split(root, dotted)
    old = getattr(parent, child)
    new = factory(old)
    setattr(parent, child, new)  # cycle
    new.revert = functools.partial(setattr, parent, child, old)  # cycle
    return new


def replace_all(root, predicate, factory):
    names = [n for n, m in root.named_modules() if n and predicate(n, m)]
    return [replace_module(root, n, factory) for n in names]
