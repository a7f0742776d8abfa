"""Chooses the garbage walker: the compiled core when it loads in this interpreter, else the
pure-Python one (same results, slower; the report says which ran)."""
try:
    from . import _core as _impl
    KIND = "compiled"
    LOAD_ERROR = None
except ImportError as exc:  # built for another interpreter, or not built
    from . import pywalker as _impl
    KIND = "python"
    LOAD_ERROR = str(exc)

walk = _impl.walk
release = _impl.release
any_legacy_finalizer = _impl.any_legacy_finalizer


def renderer():
    """The compiled renderer module, or None when this build has none."""
    if KIND == "compiled" and getattr(_impl, "has_renderer", False):
        return _impl
    return None
