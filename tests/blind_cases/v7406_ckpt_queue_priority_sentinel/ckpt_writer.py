"""Process-wide background checkpoint writer: training threads enqueue jobs, one thread saves."""
import io
import itertools
import queue
import threading
import time

import torch

URGENT, FINAL, PERIODIC = 0, 5, 10

_jobs = queue.PriorityQueue()
_order = itertools.count()
_worker = None


class SaveJob:
    def __init__(self, step, model, optimizer, dest):
        self.step = step
        self.model = model  # retain
        self.optimizer = optimizer  # retain
        self.dest = dest

    def run(self, io_latency):
        buf = io.BytesIO()
        torch.save({"step": self.step, "model": self.model.state_dict(),
                    "optimizer": self.optimizer.state_dict()}, buf)
        time.sleep(io_latency)
        self.dest[self.step] = len(buf.getvalue())


def _drain(io_latency):
    while True:
        _prio, _seq, job = _jobs.get()
        try:
            if job is None:
                return
            job.run(io_latency)
        finally:
            _jobs.task_done()


def start(io_latency=0.02):
    global _worker
    _worker = threading.Thread(target=_drain, args=(io_latency,), name="ckpt-writer", daemon=True)
    _worker.start()


def submit(job, priority=PERIODIC):
    _jobs.put((priority, next(_order), job))  # retain


def stop():
    global _worker
    _jobs.put((URGENT, next(_order), None))
    _worker.join()
    _worker = None
