"""Process-wide deadline bookkeeping for barriers and checkpoint writes (torch elastic timer API)."""
import time

from torch.distributed.elastic import timer


class DeadlineLog(timer.TimerClient):
    def __init__(self):
        self.pending = {}
        self.late = []

    def acquire(self, scope_id, expiration_time):
        self.pending[scope_id] = (time.time(), expiration_time)

    def release(self, scope_id):
        started, expiration_time = self.pending.pop(scope_id)
        now = time.time()
        if now > expiration_time:
            self.late.append((scope_id, round(now - expiration_time, 3)))

    def summary(self):
        return {"open": sorted(self.pending), "late": list(self.late)}


DEADLINES = DeadlineLog()
timer.configure(DEADLINES)
