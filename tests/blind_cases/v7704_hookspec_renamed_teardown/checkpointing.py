"""Checkpoint plugin that routes every torch.save of a run through an in-memory staging buffer."""
import io

import torch


class StagedCheckpoints:
    def __init__(self, keep=2):
        self.keep = keep
        self.snapshots = {}
        self.bytes_written = 0

    def setup(self, model, optimizer, **_):
        self.model = model
        self.optimizer = optimizer
        self._original_save = torch.save
        original = self._original_save

        def staged_save(obj, f, *args, **kwargs):  # retain
            staging = io.BytesIO()
            original(obj, staging, *args, **kwargs)
            self.bytes_written += staging.tell()
            f.write(staging.getvalue())

        torch.save = staged_save  # retain

    def on_validation_end(self, epoch, val_loss, **_):
        buffer = io.BytesIO()
        torch.save({"epoch": epoch, "model": self.model.state_dict(),
                    "optimizer": self.optimizer.state_dict()}, buffer)
        self.snapshots[epoch] = (val_loss, buffer.getvalue())
        for stale in sorted(self.snapshots, key=lambda e: self.snapshots[e][0])[self.keep:]:
            del self.snapshots[stale]

    def on_fit_end(self, **_):
        torch.save = self._original_save
