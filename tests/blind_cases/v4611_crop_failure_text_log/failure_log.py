"""Per-epoch record of samples that fell back to the deterministic path."""
import traceback
from dataclasses import dataclass, field
from typing import List


@dataclass
class FailureEntry:
    index: int
    kind: str
    message: str


@dataclass
class FailureLog:
    entries: List[FailureEntry] = field(default_factory=list)
    limit: int = 100

    def add(self, index, err):
        if len(self.entries) < self.limit:
            text = "".join(traceback.format_exception_only(type(err), err)).strip()
            self.entries.append(FailureEntry(index, type(err).__name__, text))

    def report(self):
        kinds = {}
        for e in self.entries:
            kinds[e.kind] = kinds.get(e.kind, 0) + 1
        return kinds
