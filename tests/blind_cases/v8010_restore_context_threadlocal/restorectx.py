"""Restore context: objects unpickled from a checkpoint can reach the loader that reads it."""
import contextlib
import threading

_STATE = threading.local()


@contextlib.contextmanager
def restoring_into(loader):
    previous = getattr(_STATE, "loader", None)
    _STATE.loader = loader  # retain
    yield loader
    _STATE.loader = previous  # retain


def active_loader():
    loader = getattr(_STATE, "loader", None)
    if loader is None:
        raise RuntimeError("checkpoint object restored outside restoring_into()")
    return loader
