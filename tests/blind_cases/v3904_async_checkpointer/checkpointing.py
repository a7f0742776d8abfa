"""Asynchronous checkpoint writer: snapshots state on the training thread, writes in the background."""
import concurrent.futures
import os

import torch


def snapshot(module, optimizer):
    return {
        "model": {k: v.detach().clone() for k, v in module.state_dict().items()},
        "optimizer": optimizer.state_dict(),
    }


class AsyncCheckpointer:
    def __init__(self, directory, mirror=None, keep_last=2):
        self.directory = directory
        self.mirror = mirror
        self.keep_last = keep_last
        self._executor = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="ckpt")
        self._pending = []  # cycle
        self.written = []
        self.failures = 0

    def _targets(self, step):
        name = "step_%06d.pt" % step
        yield os.path.join(self.directory, name)
        if self.mirror:
            yield os.path.join(self.mirror, name)

    def _write(self, path, state):
        torch.save(state, path)
        return path

    def save(self, module, optimizer, step):
        state = snapshot(module, optimizer)
        for path in self._targets(step):
            fut = self._executor.submit(self._write, path, state)  # cycle
            self._pending.append(fut)  # cycle

    def drain(self):
        concurrent.futures.wait(self._pending)
        for fut in self._pending:
            if fut.exception() is not None:
                self.failures += 1
            else:
                self.written.append(fut.result())
        self.written = self.written[-self.keep_last:]
        return self.failures

    def close(self):
        self.drain()
        self._executor.shutdown(wait=True)
