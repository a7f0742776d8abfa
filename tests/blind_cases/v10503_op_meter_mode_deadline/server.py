"""Model server with request lifecycle hooks and queueing deadlines."""
import time

import torch

from metering import OpMeter, UsageLedger


class DeadlineExceeded(Exception):
    pass


class Request:
    def __init__(self, rid, tenant, features, timeout_s, enqueued_at):
        self.rid = rid
        self.tenant = tenant
        self.features = features
        self.deadline = enqueued_at + timeout_s


class ModelServer:
    def __init__(self, model):
        self.model = model.eval()
        self.ledger = UsageLedger()
        self.stats = {"ok": 0, "timeout": 0}
        self._active = {}

    def on_request_start(self, req):
        meter = self._active[req.rid] = OpMeter(req)
        meter.__enter__()  # retain

    def on_request_end(self, req):
        meter = self._active.pop(req.rid)
        meter.__exit__(None, None, None)
        self.ledger.charge(req.tenant, meter.total)

    def handle(self, req):
        self.on_request_start(req)
        with torch.no_grad():
            scores = torch.softmax(self.model(req.features), dim=-1)
        if time.monotonic() > req.deadline:
            raise DeadlineExceeded(f"request {req.rid} missed its deadline")
        self.on_request_end(req)
        return scores.argmax(-1).tolist()

    def serve(self, queue):
        replies = {}
        for req in queue:
            try:
                replies[req.rid] = (200, self.handle(req))
            except DeadlineExceeded:
                self.stats["timeout"] += 1
                replies[req.rid] = (504, None)
            else:
                self.stats["ok"] += 1
        return replies
