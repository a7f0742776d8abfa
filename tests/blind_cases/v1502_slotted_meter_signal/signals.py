"""Small signal/slot mechanism: receivers that are bound methods are held weakly."""
import inspect
import weakref


def _reference(receiver):
    if inspect.ismethod(receiver):
        try:
            return weakref.WeakMethod(receiver)
        except TypeError:
            pass
    return lambda: receiver  # cycle


class Signal:
    def __init__(self, name):
        self.name = name
        self._receivers = []  # cycle
        self.sent = 0

    def connect(self, receiver):
        self._receivers.append(_reference(receiver))  # cycle
        return receiver

    def send(self, **payload):
        self.sent += 1
        live = []
        for ref in self._receivers:
            fn = ref()
            if fn is None:
                continue
            fn(**payload)
            live.append(ref)
        self._receivers[:] = live

    def __len__(self):
        return len(self._receivers)
