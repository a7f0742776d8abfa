"""Asynchronous prediction writer: a child process drains a queue into shard files."""
import multiprocessing as mp
import multiprocessing.queues
import os

import torch

_CTX = mp.get_context("fork")


class RecordQueue(multiprocessing.queues.Queue):
    """Queue that keeps the records the feeder thread could not send, for the end-of-run report."""

    def __init__(self, maxsize=0):
        super().__init__(maxsize, ctx=_CTX)
        self.rejected = []

    def _on_queue_feeder_error(self, e, obj):
        self.rejected.append((type(e).__name__, obj))  # retain


def _drain(queue, out_dir, shard_size):
    rows, shard = [], 0
    for record in iter(queue.get, None):
        rows.append(record)
        if len(rows) == shard_size:
            torch.save(rows, os.path.join(out_dir, f"preds-{shard:05d}.pt"))
            rows, shard = [], shard + 1
    if rows:
        torch.save(rows, os.path.join(out_dir, f"preds-{shard:05d}.pt"))


class PredictionWriter:
    def __init__(self, out_dir, shard_size=4):
        os.makedirs(out_dir, exist_ok=True)
        self.out_dir = out_dir
        self.queue = RecordQueue()
        self.proc = _CTX.Process(target=_drain, args=(self.queue, out_dir, shard_size), daemon=True)
        self.proc.start()
        self.submitted = 0

    def submit(self, step, sample_ids, probs):
        self.queue.put((step, sample_ids, probs))  # retain
        self.submitted += 1

    def stop(self):
        self.queue.put(None)
        self.proc.join(timeout=10)
        return self.submitted - len(self.queue.rejected)

    def shards(self):
        return sorted(f for f in os.listdir(self.out_dir) if f.endswith(".pt"))
