"""Process-wide provenance ledger for samples flagged by data-quality checks."""
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any


@dataclass
class FlagRecord:
    sample_id: int
    check: str
    score: float
    run: str
    step: int
    origin: Any = None
    tags: dict = field(default_factory=dict)

    def origin_name(self):
        return self.origin.name() if self.origin is not None else "input"


class ProvenanceLedger:
    def __init__(self):
        self.records = []
        self.by_sample = defaultdict(list)

    def flag(self, record):
        self.records.append(record)  # retain
        self.by_sample[record.sample_id].append(len(self.records) - 1)

    def report(self, run):
        rows = [r for r in self.records if r.run == run]
        per_check = defaultdict(int)
        for r in rows:
            per_check[(r.check, r.origin_name())] += 1
        return dict(per_check)


LEDGER = ProvenanceLedger()
