"""Run bookkeeping for experiment code exported from a notebook that is re-run in one kernel.

Live resources of a run (activation monitors, plot panels) are torn down when the next run
starts, so the previous run can still be poked at from the notebook after it finishes.
"""
import time

_PENDING = []
_STATE = {"runs": 0, "started": None}


def on_next_run(fn, *args):
    _PENDING.append((fn, args))  # retain


def begin_run(name):
    while _PENDING:
        fn, args = _PENDING.pop()
        fn(*args)
    _STATE["runs"] += 1
    _STATE["started"] = time.time()
    return f"{name}-{_STATE['runs']}"
