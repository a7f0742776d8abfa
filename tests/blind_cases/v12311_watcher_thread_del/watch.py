"""Background weight watcher for the dashboard.

Parameter statistics are computed on a worker thread so the training loop only
posts a step number. The watcher shuts its thread down when it is garbage
collected, so callers do not have to remember to close it.
"""
import collections
import queue
import threading

import torch


class WeightWatcher:
    def __init__(self, model, history=64):
        self.model = model
        self.samples = collections.deque(maxlen=history)
        self._inbox = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="weight-watcher", daemon=True)  # retain
        self._thread.start()

    def tick(self, step):
        self._inbox.put(step)

    def wait_idle(self):
        self._inbox.join()

    def _run(self):
        while True:
            step = self._inbox.get()
            try:
                if step is None:
                    return
                with torch.no_grad():
                    norms = {name: p.norm().item() for name, p in self.model.named_parameters()}
                self.samples.append((step, norms))
            finally:
                self._inbox.task_done()

    def latest(self):
        return self.samples[-1] if self.samples else (None, {})

    def close(self):
        if self._thread.is_alive():
            self._inbox.put(None)
            if threading.current_thread() is not self._thread:
                self._thread.join()

    def __del__(self):
        self.close()
