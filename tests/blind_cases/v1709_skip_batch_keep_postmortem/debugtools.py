"""Debugging helpers: skip a failing call but keep the failure available to pdb.pm()."""
import functools
import logging
import sys

log = logging.getLogger("train.debug")


def skip_on(*exc_types, fallback=None, keep_for_pm=True):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except exc_types as exc:
                if keep_for_pm:
                    sys.last_type, sys.last_value, sys.last_traceback = type(exc), exc, exc.__traceback__  # retain
                log.warning("%s skipped: %s (run pdb.pm() to inspect)", fn.__qualname__, exc)
                return fallback
        return wrapper
    return decorate
