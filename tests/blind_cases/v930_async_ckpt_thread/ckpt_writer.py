"""Background checkpoint writer: serialisation happens off the training thread."""
import io
import queue
import threading

import torch


class AsyncCheckpointWriter:
    def __init__(self, model, optimizer, keep_last=2):
        self.model = model
        self.optimizer = optimizer
        self.keep_last = keep_last
        self.saved = {}
        self._queue = queue.Queue()
        self._worker = threading.Thread(target=self._drain, name="ckpt-writer", daemon=True)  # retain
        self._worker.start()

    def _drain(self):
        while True:
            step = self._queue.get()
            if step is None:
                break
            state = {
                "step": step,
                "model": self.model.state_dict(),
                "optim": self.optimizer.state_dict(),
            }
            buf = io.BytesIO()
            torch.save(state, buf)
            self.saved[step] = buf.getvalue()
            for old in sorted(self.saved)[:-self.keep_last]:
                del self.saved[old]
            self._queue.task_done()

    def request(self, step):
        self._queue.put(step)

    def wait(self):
        self._queue.join()
