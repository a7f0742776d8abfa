"""Process-wide evaluation event log, written as consecutive pickle records on one stream."""
import io
import pickle
from dataclasses import dataclass, field


@dataclass
class EvalEvent:
    experiment: str
    epoch: int
    loss: float
    per_class: list
    weights: dict = field(default_factory=dict)


class EventLog:
    def __init__(self, stream):
        self._stream = stream
        self._pickler = pickle.Pickler(stream, protocol=pickle.HIGHEST_PROTOCOL)
        self.count = 0

    def emit(self, event):
        try:
            self._pickler.dump(event)
        finally:
            self._pickler.clear_memo()
        self.count += 1

    def replay(self):
        self._stream.seek(0)
        unpickler = pickle.Unpickler(self._stream)
        events = [unpickler.load() for _ in range(self.count)]
        self._stream.seek(0, io.SEEK_END)
        return events


EVENTS = EventLog(io.BytesIO())
