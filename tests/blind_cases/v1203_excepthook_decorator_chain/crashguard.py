"""Crash reports for long evaluation jobs: if the process dies, describe what was being evaluated."""
import functools
import io
import sys


def _describe(value):
    if hasattr(value, "parameters"):
        n = sum(p.numel() for p in value.parameters())
        return f"{type(value).__name__}({n} params)"
    if isinstance(value, (list, tuple)):
        return f"{type(value).__name__}[{len(value)}]"
    return repr(value)[:60]


def write_report(stream, fn_name, args, kwargs, exc):
    stream.write(f"crash in {fn_name}: {exc!r}\n")
    for i, a in enumerate(args):
        stream.write(f"  arg{i}: {_describe(a)}\n")
    for k, v in kwargs.items():
        stream.write(f"  {k}: {_describe(v)}\n")


def report_crashes(stream=None):
    """Decorator: an uncaught exception after the call started also prints the call's inputs."""
    out = stream if stream is not None else io.StringIO()

    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            previous = sys.excepthook

            def hook(exc_type, exc, tb):  # retain
                write_report(out, fn.__qualname__, args, kwargs, exc)
                previous(exc_type, exc, tb)

            sys.excepthook = hook  # retain
            return fn(*args, **kwargs)

        return wrapper

    return decorate
