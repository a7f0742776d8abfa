"""Run-level crash report: errors that Python can only report as 'unraisable'."""
import sys
import time

_REPORTS = []
_saved_hook = None


def _collect(unraisable):
    _REPORTS.append((time.time(), unraisable))  # retain


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
    lines = []
    for stamp, report in _REPORTS:
        where = getattr(report.object, "__qualname__", repr(report.object))
        lines.append(f"{stamp:.0f} {report.exc_type.__name__} in {where}: {report.exc_value}")
    return lines
