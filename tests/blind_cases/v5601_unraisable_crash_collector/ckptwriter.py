"""Checkpoint writer that batches saves and flushes them every few epochs."""
import os

import torch


class BufferedCheckpointWriter:
    def __init__(self, model, optimizer, directory, flush_every=2):
        self.model = model
        self.optimizer = optimizer
        self.directory = directory
        self.flush_every = flush_every
        self.pending = []
        self.written = []

    def stage(self, tag, **meta):
        self.pending.append((tag, meta))
        if len(self.pending) >= self.flush_every:
            self.flush()

    def flush(self):
        for tag, meta in self.pending:
            path = os.path.join(self.directory, f"{tag}.pt")
            state = {
                "model": self.model.state_dict(),
                "optimizer": self.optimizer.state_dict(),
                "meta": meta,
            }
            with open(path, "wb") as fh:
                torch.save(state, fh)
            self.written.append(path)
        self.pending.clear()

    def close(self):
        self.flush()

    def __del__(self):
        if self.pending:
            self.close()
