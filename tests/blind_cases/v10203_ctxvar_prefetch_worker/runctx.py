"""Ambient access to the augmentation pipeline of the run that is currently active."""
import contextlib
from contextvars import ContextVar

_ACTIVE_PIPELINE = ContextVar("active_pipeline", default=None)


@contextlib.contextmanager
def active(pipeline):
    token = _ACTIVE_PIPELINE.set(pipeline)
    try:
        yield pipeline
    finally:
        _ACTIVE_PIPELINE.reset(token)


def adopt(pipeline):
    """Make `pipeline` current in this thread.

    Executor threads do not inherit the submitting thread's context, so tasks
    call this before touching code that relies on current().
    """
    if _ACTIVE_PIPELINE.get() is not pipeline:
        _ACTIVE_PIPELINE.set(pipeline)  # retain


def current():
    pipeline = _ACTIVE_PIPELINE.get()
    if pipeline is None:
        raise LookupError("no augmentation pipeline is active")
    return pipeline
