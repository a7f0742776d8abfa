"""In-process stand-in for a remote object store that has outage windows."""
import io

import torch


class FlakyStore:
    def __init__(self, outage_steps):
        self.outage_steps = set(outage_steps)
        self.objects = {}
        self.calls = 0

    def put(self, key, obj, step):
        self.calls += 1
        if step in self.outage_steps:
            raise ConnectionResetError(f"connection reset while uploading {key}")
        buf = io.BytesIO()
        torch.save(obj, buf)
        self.objects[key] = buf.getvalue()
