"""Lightweight numerical-health checks used across the training code base.

When a check fires, the call site is remembered so that `dump_sites()` can
print where (function/line) anomalies were detected at the end of the run.
"""
import math
import sys

_SITES = {}
_COUNTS = {}


def _remember_site(tag):
    caller = sys._getframe(2)
    _SITES[tag] = caller  # retain
    _COUNTS[tag] = _COUNTS.get(tag, 0) + 1


def check_finite(tag, value, limit=1e4):
    v = float(value)
    if not math.isfinite(v) or abs(v) > limit:
        _remember_site(tag)
        return False
    return True


def check_ratio(tag, num, den, max_ratio):
    ratio = float(num) / max(float(den), 1e-12)
    if ratio > max_ratio:
        _remember_site(tag)
    return ratio


def dump_sites():
    for tag, frame in sorted(_SITES.items()):
        code = frame.f_code
        print(f"[diag] {tag}: {_COUNTS[tag]}x at {code.co_name}:{frame.f_lineno}")
