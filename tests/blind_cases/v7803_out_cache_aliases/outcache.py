"""IPython-like output cache for scripts that are run section by section.

show(value) prints a short summary with an Out[n] prompt and keeps the value
the way the IPython shell does: in the Out dict and in the rotating _, __ and
___ names, so that the next section can pick the previous result up again.
"""
Out = {}
_oh = Out
_ = None
__ = None
___ = None
prompt_count = 0


def summarize(value):
    if hasattr(value, "shape"):
        return f"tensor(shape={tuple(value.shape)}, dtype={value.dtype})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {summarize(v)}" for k, v in value.items()) + "}"
    text = repr(value).splitlines()[0]
    return text if len(text) < 60 else text[:57] + "..."


def show(value):
    global _, __, ___, prompt_count
    if value is None:
        return None
    prompt_count += 1
    print(f"Out[{prompt_count}]: {summarize(value)}")
    Out[prompt_count] = value
    ___ = __  # retain
    __ = _  # retain
    _ = value  # retain
    return value


def last(n=1):
    return {1: _, 2: __, 3: ___}[n]


def reset_out():
    """Like %reset out: forget cached outputs before the next experiment."""
    Out.clear()
