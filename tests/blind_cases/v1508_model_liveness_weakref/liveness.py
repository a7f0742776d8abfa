"""Tracks which models are still alive, for the memory section of the run report."""
import weakref

_LIVE = {}
_FREED = []


def _param_count(module):
    return sum(p.numel() for p in module.parameters())


def track(module, tag):
    """Register ``module``; when it is garbage collected it is logged as freed."""
    key = (tag, id(module))
    n_params = _param_count(module)

    def _on_collect(ref):  # retain
        _LIVE.pop(key, None)
        _FREED.append(f"{tag}:{type(module).__name__}({n_params})")

    _LIVE[key] = weakref.ref(module, _on_collect)  # retain
    return module


def live_models():
    out = []
    for (tag, _), ref in _LIVE.items():
        m = ref()
        if m is not None:
            out.append((tag, type(m).__name__, _param_count(m)))
    return out


def freed_models():
    return list(_FREED)
