"""Bounded crash log for long unattended runs."""
import collections
import dataclasses
import traceback
from types import CodeType
from typing import Tuple


@dataclasses.dataclass(frozen=True)
class CrashEntry:
    step: int
    kind: str
    message: str
    sites: Tuple[Tuple[CodeType, int], ...]

    def render(self):
        lines = [f"  {code.co_filename}:{lineno} in {code.co_name}" for code, lineno in self.sites]
        return f"[step {self.step}] {self.kind}: {self.message}\n" + "\n".join(lines)


class CrashLog:
    def __init__(self, limit=32):
        self.limit = limit
        self.entries = []
        self.by_site = collections.Counter()

    def record(self, step, err):
        """Keep the frames below the catching one, so reports start where the error was raised."""
        message = str(err).splitlines()[0] if str(err) else ""
        sites = tuple((frame.f_code, lineno)
                      for frame, lineno in traceback.walk_tb(err.__traceback__.tb_next))
        entry = CrashEntry(step, type(err).__name__, message, sites)
        self.entries.append(entry)
        self.by_site[sites[-1]] += 1
        if len(self.entries) > self.limit:
            del self.entries[0]
        return entry

    def summary(self):
        kinds = {}
        for entry in self.entries:
            kinds[entry.kind] = kinds.get(entry.kind, 0) + 1
        return kinds

    def hottest_site(self):
        (code, lineno), count = self.by_site.most_common(1)[0]
        return f"{code.co_name}:{lineno} x{count}"

    def report(self, last=3):
        return "\n".join(entry.render() for entry in self.entries[-last:])
