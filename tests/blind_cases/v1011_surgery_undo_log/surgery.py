"""In-place sub-module replacement with an undo log kept by the caller."""
import functools


class UndoLog:
    def __init__(self):
        self._undo = []

    def record(self, fn):
        self._undo.append(fn)

    def revert_all(self):
        while self._undo:
            self._undo.pop()()


def replace_module(root, dotted, factory, log):
    """Swap `root.<dotted>` for `factory(old)` and record how to put `old` back."""
    parent_name, _, child = dotted.rpartition(".")
    parent = root.get_submodule(parent_name) if parent_name else root
    old = getattr(parent, child)
    new = factory(old)
    setattr(parent, child, new)
    log.record(functools.partial(setattr, parent, child, old))
    return new


def replace_all(root, predicate, factory, log):
    names = [n for n, m in root.named_modules() if n and predicate(n, m)]
    return [replace_module(root, n, factory, log) for n in names]
