"""Hook tables: each table layers its own handlers over the process-wide defaults."""
import collections
import time

_STARTED = {}


def _stamp_epoch_start(epoch, **_):
    _STARTED["epoch"] = time.perf_counter()


GLOBAL_HOOKS = {
    "epoch_start": [_stamp_epoch_start],
    "batch_end": [],
    "epoch_end": [],
}


class HookTable:
    def __init__(self, parent=GLOBAL_HOOKS):
        self._table = collections.ChainMap({}, parent)

    def add(self, event, handler):
        local = self._table.maps[0]
        if event not in local:
            local[event] = list(self._table.get(event, ()))
        local[event].append(handler)

    def fire(self, event, **payload):
        for handler in self._table.get(event, ()):
            handler(**payload)

    def events(self):
        return sorted(self._table)
