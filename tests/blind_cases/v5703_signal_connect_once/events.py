"""Minimal synchronous signals shared by the training scripts."""


class Signal:
    def __init__(self, name):
        self.name = name
        self._receivers = []

    def connect(self, receiver):
        if receiver not in self._receivers:
            self._receivers.append(receiver)
        return receiver

    def disconnect(self, receiver):
        try:
            self._receivers.remove(receiver)
        except ValueError:
            pass

    def connect_once(self, receiver):
        def _once(*args, **kwargs):  # cycle
            self.disconnect(_once)
            return receiver(*args, **kwargs)

        _once.__wrapped__ = receiver
        return self.connect(_once)

    def send(self, sender, **payload):
        return [(r, r(sender, **payload)) for r in list(self._receivers)]


fit_started = Signal("fit_started")
batch_finished = Signal("batch_finished")
fit_finished = Signal("fit_finished")
