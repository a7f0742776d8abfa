"""Bounded crash log for long unattended runs."""
import dataclasses
import traceback
from types import TracebackType
from typing import Optional


@dataclasses.dataclass
class CrashEntry:
    step: int
    kind: str
    message: str
    tb: Optional[TracebackType]

    def render(self):
        frames = traceback.format_list(traceback.extract_tb(self.tb))
        return f"[step {self.step}] {self.kind}: {self.message}\n" + "".join(frames)


class CrashLog:
    def __init__(self, limit=32):
        self.limit = limit
        self.entries = []  # cycle

    def record(self, step, err):
        """Keep the frames below the catching one, so reports start where the error was raised."""
        message = str(err).splitlines()[0] if str(err) else ""
        entry = CrashEntry(step, type(err).__name__, message, err.__traceback__.tb_next)  # cycle
        self.entries.append(entry)  # cycle
        if len(self.entries) > self.limit:
            del self.entries[0]
        return entry

    def summary(self):
        kinds = {}
        for entry in self.entries:
            kinds[entry.kind] = kinds.get(entry.kind, 0) + 1
        return kinds

    def report(self, last=3):
        return "\n".join(entry.render() for entry in self.entries[-last:])
