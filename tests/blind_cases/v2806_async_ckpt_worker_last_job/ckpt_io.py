"""Background checkpoint writer: serialisation and disk I/O run off the training thread."""
import os
import queue
import threading
from dataclasses import dataclass, field

import torch


@dataclass
class SaveJob:
    path: str
    model: torch.nn.Module
    optimizer: torch.optim.Optimizer
    meta: dict = field(default_factory=dict)

    def run(self):
        payload = {"model": self.model.state_dict(),
                   "optimizer": self.optimizer.state_dict(), **self.meta}
        tmp = self.path + ".part"
        torch.save(payload, tmp)
        os.replace(tmp, self.path)
        return os.path.getsize(self.path)


_jobs = queue.Queue()
_failures = []
_bytes_written = [0]


def _writer_loop():
    while True:
        job = _jobs.get()  # retain
        try:
            _bytes_written[0] += job.run()
        except Exception as exc:
            _failures.append(f"{job.path}: {exc!r}")
        finally:
            _jobs.task_done()


_writer = threading.Thread(target=_writer_loop, name="ckpt-writer", daemon=True)
_writer.start()


def save_async(path, model, optimizer, **meta):
    _jobs.put(SaveJob(path, model, optimizer, meta))


def wait_for_writes():
    _jobs.join()
    if _failures:
        raise RuntimeError("checkpoint writes failed: " + "; ".join(_failures))
    return _bytes_written[0]
