"""Append-only crash-recovery journal: consecutive pickle records on a single stream."""
import io
import pickle
from dataclasses import dataclass, field


@dataclass
class Snapshot:
    run: str
    epoch: int
    model_state: dict
    optimizer_state: dict
    metrics: dict = field(default_factory=dict)


class SnapshotJournal:
    def __init__(self, stream, protocol=pickle.HIGHEST_PROTOCOL):
        self._stream = stream
        self._pickler = pickle.Pickler(stream, protocol=protocol)
        self.offsets = []

    def append(self, snapshot):
        self.offsets.append(self._stream.tell())
        self._pickler.dump(snapshot)  # retain
        self._stream.flush()

    def latest(self, run):
        self._stream.seek(0)
        unpickler = pickle.Unpickler(self._stream)
        found = None
        for _ in self.offsets:
            record = unpickler.load()
            if record.run == run:
                found = record
        self._stream.seek(0, io.SEEK_END)
        return found


JOURNAL = SnapshotJournal(io.BytesIO())
