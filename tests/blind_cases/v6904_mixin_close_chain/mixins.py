"""Reusable behaviour for zoo models, combined through cooperative inheritance."""
import itertools

_LIVE = {}
_ids = itertools.count()


def live_models():
    return dict(_LIVE)


class LiveRegistryMixin:
    """Tracks open models so that a memory report can list them."""

    def __init__(self):
        super().__init__()
        self.run_id = f"{type(self).__name__}-{next(_ids)}"
        _LIVE[self.run_id] = self  # retain

    def close(self):
        _LIVE.pop(self.run_id, None)
        parent = getattr(super(), "close", None)
        if parent is not None:
            parent()


class ExportMixin:
    """Buffers small summaries of the model for export when it is closed."""

    def __init__(self):
        super().__init__()
        self._exports = []

    def export_summary(self, **stats):
        self._exports.append(dict(stats, params=sum(p.numel() for p in self.parameters())))

    def close(self):
        for rec in self._exports:
            print(f"[export] {rec}")
        self._exports.clear()
