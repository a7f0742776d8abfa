"""Run-level crash report: errors that Python can only report as 'unraisable'."""
import sys
import time
import traceback

_REPORTS = []
_saved_hook = None


def _collect(unraisable):
    where = getattr(unraisable.object, "__qualname__", repr(unraisable.object))
    text = traceback.format_exception(unraisable.exc_type, unraisable.exc_value, unraisable.exc_traceback)
    _REPORTS.append({
        "time": time.time(),
        "where": where,
        "error": f"{unraisable.exc_type.__name__}: {unraisable.exc_value}",
        "traceback": "".join(text),
    })


def install():
    global _saved_hook
    if sys.unraisablehook is not _collect:
        _saved_hook = sys.unraisablehook
        sys.unraisablehook = _collect


def uninstall():
    global _saved_hook
    if _saved_hook is not None:
        sys.unraisablehook = _saved_hook
        _saved_hook = None


def summary():
    return [f"{r['time']:.0f} {r['error']} in {r['where']}" for r in _REPORTS]
