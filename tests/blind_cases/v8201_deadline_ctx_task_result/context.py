"""Per-request context object carried through the embedding service."""
import asyncio
import itertools
import time

_request_ids = itertools.count(1)


class RequestContext:
    def __init__(self, tenant, texts, budget_s):
        self.request_id = next(_request_ids)
        self.tenant = tenant
        self.texts = list(texts)
        self.budget_s = budget_s
        self.received_at = time.monotonic()
        self.deadline = None
        self.timings = {}
        self.embeddings = None
        self.status = "pending"

    def mark(self, stage):
        self.timings[stage] = (time.monotonic() - self.received_at) * 1000.0

    def remaining(self):
        if self.deadline is None or self.deadline.when() is None:
            return self.budget_s
        return max(0.0, self.deadline.when() - asyncio.get_running_loop().time())

    def access_log(self):
        return {
            "id": self.request_id,
            "tenant": self.tenant,
            "n": len(self.texts),
            "status": self.status,
            "latency_ms": round(self.timings.get("embedded", -1.0), 3),
        }
