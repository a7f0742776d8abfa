"""Signal hub that does not keep its receivers alive.

Bound methods are stored as weakref.WeakMethod and plain functions as
weakref.ref, so connecting a trainer's method does not pin the trainer.
"""
import inspect
import weakref
from collections import defaultdict


class SignalHub:
    def __init__(self):
        self._slots = defaultdict(list)

    def connect(self, signal, receiver):
        if inspect.ismethod(receiver):
            ref = weakref.WeakMethod(receiver)
        else:
            ref = weakref.ref(receiver)
        self._slots[signal].append(ref)

    def send(self, signal, **payload):
        alive = []
        for ref in self._slots.get(signal, ()):
            receiver = ref()
            if receiver is None:
                continue
            receiver(**payload)
            alive.append(ref)
        self._slots[signal] = alive

    def receivers(self, signal):
        return sum(1 for ref in self._slots.get(signal, ()) if ref() is not None)
