"""Output history for section-by-section scripts, modelled on IPython's displayhook.

display(value) prints an Out[n] line, stores the value in Out and rotates the
_, __ and ___ shortcuts; flush() empties the whole output cache between
experiments, shortcuts included, like IPython's DisplayHook.flush().
"""
Out = {}
_ = None
__ = None
___ = None
count = 0


def _brief(value):
    if hasattr(value, "shape"):
        return f"<{type(value).__name__} {tuple(value.shape)}>"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_brief(v) for v in value[:4]) + (", ...]" if len(value) > 4 else "]")
    return repr(value).splitlines()[0][:60]


def display(value):
    global _, __, ___, count
    if value is None:
        return None
    count += 1
    print(f"Out[{count}]: {_brief(value)}")
    Out[count] = value
    ___ = __
    __ = _
    _ = value
    return value


def previous(n=1):
    return (_, __, ___)[n - 1]


def flush():
    global _, __, ___
    Out.clear()
    _ = __ = ___ = None
