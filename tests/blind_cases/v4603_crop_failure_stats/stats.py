"""Loader-side bookkeeping reported at the end of each epoch."""
from collections import Counter
from dataclasses import dataclass, field
from typing import Optional


@dataclass
class LoaderStats:
    served: int = 0
    fallbacks: Counter = field(default_factory=Counter)
    last_failure: Optional[BaseException] = None
    last_index: Optional[int] = None

    def record_failure(self, index, err):
        self.fallbacks[type(err).__name__] += 1
        self.last_index = index
        self.last_failure = err  # cycle

    def summary(self):
        total = sum(self.fallbacks.values())
        return f"served={self.served} fallbacks={total} last={self.last_index}"
