"""Background batch prefetcher: a worker thread builds batches into a bounded
queue while the main thread trains. Used as a context manager so the worker is
always shut down, even if training raises."""
import queue
import threading

import torch

_STOP = object()


class ThreadedPrefetcher:
    def __init__(self, make_batch, n_batches, depth=2):
        self.make_batch = make_batch
        self.n_batches = n_batches
        self._queue = queue.Queue(maxsize=depth)
        self._halt = threading.Event()
        self._thread = threading.Thread(target=self._produce, name="prefetch", daemon=True)

    def _produce(self):
        for i in range(self.n_batches):
            if self._halt.is_set():
                break
            self._queue.put(self.make_batch(i))
        self._queue.put(_STOP)

    def __enter__(self):
        self._thread.start()
        return self

    def __iter__(self):
        while True:
            item = self._queue.get()
            if item is _STOP:
                return
            yield item

    def __exit__(self, exc_type, exc, tb):
        self._halt.set()
        while self._thread.is_alive():
            try:
                self._queue.get(timeout=0.05)
            except queue.Empty:
                pass
        self._thread.join()
        return False


def synthetic_batch(i, batch_size=16, d=10):
    g = torch.Generator().manual_seed(1000 + i)
    x = torch.randn(batch_size, d, generator=g)
    y = (x.sum(dim=1) > 0).long()
    return x, y
