"""Minimal synchronous signals shared by the training scripts."""


class Signal:
    def __init__(self, name):
        self.name = name
        self._entries = []

    def connect(self, receiver, once=False):
        if all(r != receiver for r, _ in self._entries):
            self._entries.append((receiver, once))
        return receiver

    def connect_once(self, receiver):
        return self.connect(receiver, once=True)

    def disconnect(self, receiver):
        self._entries = [(r, once) for r, once in self._entries if r != receiver]

    def send(self, sender, **payload):
        entries = self._entries
        self._entries = [(r, once) for r, once in entries if not once]
        return [(r, r(sender, **payload)) for r, _ in entries]


run_started = Signal("run_started")
step_done = Signal("step_done")
run_done = Signal("run_done")
