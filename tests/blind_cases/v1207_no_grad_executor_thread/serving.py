"""Batched prediction on a small thread pool, so preprocessing and forward passes overlap."""
from concurrent.futures import ThreadPoolExecutor

import torch


class BatchPredictor:
    def __init__(self, model, workers=2):
        self.model = model.eval()
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="predict")

    def _forward(self, batch):
        x = (batch - batch.mean(0, keepdim=True)) / (batch.std(0, keepdim=True) + 1e-5)
        return self.model(x).softmax(-1)

    def submit(self, batch):
        return self.pool.submit(self._forward, batch)

    def map(self, batches):
        futures = [self.submit(b) for b in batches]
        return [f.result() for f in futures]

    def close(self):
        self.pool.shutdown(wait=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False
