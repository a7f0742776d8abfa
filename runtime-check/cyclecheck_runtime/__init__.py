"""cyclecheck runtime companion: records the reference cycles Python's collector frees while a
program runs, what they hold (bytes, tensors per device), where they come from, and what the
collector costs.

    python -m cyclecheck_runtime [options] script.py args...

or inside a program:

    from cyclecheck_runtime import Monitor
    with Monitor() as monitor:
        train()
    print(render_text(build_report(monitor)))
"""
from .monitor import Monitor, mark_step, start, stop
from .report import build_report, render_text

__version__ = "0.1.0"
__all__ = ["Monitor", "start", "stop", "mark_step", "build_report", "render_text", "__version__"]
