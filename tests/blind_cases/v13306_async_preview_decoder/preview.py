"""Background decoder that turns intermediate latents into low-resolution previews."""
import queue
import threading

import torch


class AsyncPreviewDecoder:
    def __init__(self, vae_decoder, max_pending=8):
        self.vae_decoder = vae_decoder  # retain
        self.previews = []
        self._queue = queue.Queue(maxsize=max_pending)
        self._thread = threading.Thread(target=self._worker, name="preview-decoder", daemon=True)  # retain
        self._thread.start()

    def _worker(self):
        while True:
            item = self._queue.get()
            if item is None:
                self._queue.task_done()
                break
            step, latents = item
            with torch.no_grad():
                image = self.vae_decoder(latents).clamp(-1, 1)
            self.previews.append((step, image.mul(127.5).add(127.5).to(torch.uint8)))
            self._queue.task_done()

    def submit(self, step, latents):
        self._queue.put((step, latents.detach().clone()))

    def flush(self):
        self._queue.join()
        return self.previews

    def close(self):
        self._queue.put(None)
        self._thread.join()
        return self.previews
