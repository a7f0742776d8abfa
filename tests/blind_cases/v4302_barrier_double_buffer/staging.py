"""Host-side double buffering: a staging thread prepares batch N+1 while the step runs on batch N.

Mimics the two-stream pattern used with pinned memory on GPUs (copy stream + compute stream),
with a barrier standing in for the event that both streams wait on before the buffers swap.
"""
import threading

import torch


def normalize_images(batch, mean, std):
    images, labels = batch
    images = images.float().div_(255.0)
    return (images - mean) / std, labels


class DoubleBufferedLoader:
    def __init__(self, loader, transform, name="staging"):
        self.loader = loader
        self.transform = transform
        self.name = name
        self._front = None
        self._back = None
        self._staged = 0
        self._handoff = threading.Barrier(2, action=self._swap_buffers)  # cycle

    def _swap_buffers(self):
        self._front, self._back = self._back, None

    def _stage_all(self, source):
        for batch in source:
            self._back = self.transform(batch)
            self._staged += 1
            self._handoff.wait()
        self._back = None
        self._handoff.wait()

    def __len__(self):
        return len(self.loader)

    def __iter__(self):
        worker = threading.Thread(target=self._stage_all, args=(iter(self.loader),), name=self.name, daemon=True)
        worker.start()
        try:
            while True:
                self._handoff.wait()
                batch = self._front
                if batch is None:
                    break
                yield batch
        finally:
            worker.join(timeout=5.0)

    @property
    def staged(self):
        return self._staged
