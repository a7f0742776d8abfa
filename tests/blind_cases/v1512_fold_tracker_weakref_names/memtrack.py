"""Keeps a ledger of per-fold objects and records when each one is released."""
import time
import weakref


class ReleaseLedger:
    def __init__(self):
        self._refs = {}
        self.released = []

    def watch(self, obj, label):
        kind = type(obj).__name__
        size = sum(p.numel() for p in obj.parameters()) if hasattr(obj, "parameters") else 0
        born = time.perf_counter()
        key = (label, kind, id(obj))
        released = self.released
        refs = self._refs

        def _released(ref, key=key):
            refs.pop(key, None)
            released.append((label, kind, size, time.perf_counter() - born))

        refs[key] = weakref.ref(obj, _released)
        return obj

    def pending(self):
        return sorted(label for label, _, _ in self._refs)


LEDGER = ReleaseLedger()
