"""Background batch decoding. The worker thread only holds a weak reference to its loader,
and a finalizer sends the stop sentinel once the loader is garbage."""
import queue
import threading
import weakref

import torch


def _decode_loop(loader_ref, requests):
    while True:
        loader = loader_ref()  # retain
        if loader is None:
            return
        indices = requests.get()
        if indices is None:
            return
        loader._ready.put(loader._decode(indices))


class ThreadedBatchLoader:
    def __init__(self, dataset, batch_size, depth=2, seed=0):
        self.dataset = dataset
        self.batch_size = batch_size
        self.depth = depth
        self.generator = torch.Generator().manual_seed(seed)
        self._requests = queue.Queue()
        self._ready = queue.Queue()
        self._thread = threading.Thread(target=_decode_loop, args=(weakref.ref(self), self._requests),
                                        name="batch-decoder", daemon=True)
        self._thread.start()
        weakref.finalize(self, self._requests.put, None)

    def _decode(self, indices):
        samples = [self.dataset[i] for i in indices]
        return torch.stack([s[0] for s in samples]), torch.stack([s[1] for s in samples])

    def __iter__(self):
        order = torch.randperm(len(self.dataset), generator=self.generator).split(self.batch_size)
        pending = 0
        for indices in order:
            self._requests.put(indices.tolist())
            pending += 1
            if pending == self.depth:
                yield self._ready.get()
                pending -= 1
        while pending:
            yield self._ready.get()
            pending -= 1
