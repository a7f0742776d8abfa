"""SLA watchdog: samples in-flight request tasks and records the slow ones."""
import asyncio
import time
from dataclasses import dataclass, field


@dataclass
class SlowRequest:
    request_id: str
    age_ms: float
    stack: list = field(default_factory=list)


class SlaWatchdog:
    def __init__(self, inflight, budget_s, interval_s=0.002, max_reports=64):
        self.inflight = inflight  # request_id -> (task, started)
        self.budget_s = budget_s
        self.interval_s = interval_s
        self.max_reports = max_reports
        self.reports = []  # cycle
        self._seen = set()

    def scan(self):
        now = time.perf_counter()
        for request_id, (task, started) in list(self.inflight.items()):
            age = now - started
            if age < self.budget_s or request_id in self._seen or task.done():
                continue
            self._seen.add(request_id)
            report = SlowRequest(request_id, age * 1000.0)
            report.stack = task.get_stack(limit=4)  # cycle
            self.reports.append(report)  # cycle
            del self.reports[:-self.max_reports]

    async def run(self):
        while True:
            await asyncio.sleep(self.interval_s)
            self.scan()

    def summary(self):
        return [(r.request_id, round(r.age_ms, 1), len(r.stack)) for r in self.reports]
