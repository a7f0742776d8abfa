"""Notebook helper: collect the warnings raised while a cell runs and review them later."""
import collections
import contextlib
import warnings

SEEN = []


@contextlib.contextmanager
def collecting_warnings(category=Warning):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", category)
        yield caught
    SEEN.extend(caught)  # retain


def warning_counts():
    return collections.Counter(w.category.__name__ for w in SEEN)
