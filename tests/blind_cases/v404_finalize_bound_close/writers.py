"""Tiny event writer that logs scalars and parameter histograms for one run."""
import io
import json
import weakref

import torch


class RunWriter:
    def __init__(self, run_name, model):
        self.run_name = run_name
        self.model = model
        self._buf = io.StringIO()
        self._closed = False
        # make sure buffered events are flushed even if the caller forgets close()
        self._finalizer = weakref.finalize(self, self.close)  # retain

    def add_scalar(self, tag, value, step):
        self._buf.write(json.dumps({"tag": tag, "value": float(value), "step": step}) + "\n")

    def add_param_histograms(self, step):
        with torch.no_grad():
            for name, p in self.model.named_parameters():
                hist = torch.histc(p.detach().flatten(), bins=8)
                self._buf.write(json.dumps({"tag": name, "hist": hist.tolist(), "step": step}) + "\n")

    def close(self):
        if not self._closed:
            self._closed = True
            return len(self._buf.getvalue())
