"""One process group per run, created on a store that logs barrier traffic for that run."""
import contextlib
import datetime
import time

import torch.distributed as dist


class RunLoggingStore(dist.Store):
    def __init__(self, inner, run):
        super().__init__()
        self._inner = inner
        self.run = run

    def _log(self, op, key):
        self.run.store_log.append((op, key, round(time.perf_counter() - self.run.started, 4)))

    def set(self, key, value):
        return self._inner.set(key, value)

    def get(self, key):
        return self._inner.get(key)

    def add(self, key, amount):
        self._log("add", key)
        return self._inner.add(key, amount)

    def wait(self, keys, timeout=None):
        self._log("wait", ",".join(keys))
        return self._inner.wait(keys) if timeout is None else self._inner.wait(keys, timeout)

    def check(self, keys):
        return self._inner.check(keys)

    def compare_set(self, key, expected, desired):
        return self._inner.compare_set(key, expected, desired)

    def num_keys(self):
        return self._inner.num_keys()

    def delete_key(self, key):
        return self._inner.delete_key(key)


@contextlib.contextmanager
def distributed_session(run, backend="gloo", timeout_s=60):
    store = RunLoggingStore(dist.HashStore(), run)
    dist.init_process_group(backend, store=store, rank=run.rank, world_size=run.world_size,
                            timeout=datetime.timedelta(seconds=timeout_s))
    try:
        yield dist.get_rank(), dist.get_world_size()
    finally:
        dist.destroy_process_group()
