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
        self.deadline_at = None
        self.expired = False
        self.timings = {}
        self.embeddings = None
        self.status = "pending"

    def mark(self, stage):
        self.timings[stage] = (time.monotonic() - self.received_at) * 1000.0

    def remaining(self):
        if self.deadline_at is None:
            return self.budget_s
        return max(0.0, self.deadline_at - asyncio.get_running_loop().time())

    def access_log(self):
        return {
            "id": self.request_id,
            "tenant": self.tenant,
            "n": len(self.texts),
            "status": self.status,
            "expired": self.expired,
            "latency_ms": round(self.timings.get("embedded", -1.0), 3),
        }
