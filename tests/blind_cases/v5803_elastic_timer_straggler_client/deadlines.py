"""Deadlines around collective calls, reported through torch.distributed.elastic.timer."""
import time

import torch.distributed as dist
from torch.distributed.elastic import timer


class StragglerReportClient(timer.TimerClient):
    def __init__(self, trainer, grace_s=0.0):
        self.trainer = trainer  # retain
        self.grace_s = grace_s
        self._open = {}
        self.overruns = []

    def acquire(self, scope_id, expiration_time):
        self._open[scope_id] = (expiration_time, self.trainer.global_step)

    def release(self, scope_id):
        expiration_time, step = self._open.pop(scope_id)
        late_s = time.time() - expiration_time
        if late_s > self.grace_s:
            self.overruns.append({"scope": scope_id, "step": step, "late_s": late_s,
                                  "rank": dist.get_rank()})


def install_straggler_reports(trainer, grace_s=0.0):
    timer.configure(StragglerReportClient(trainer, grace_s))  # retain


def timed_all_reduce(tensor, scope, after_s):
    with timer.expires(after=after_s, scope=scope):
        dist.all_reduce(tensor)
    return tensor
