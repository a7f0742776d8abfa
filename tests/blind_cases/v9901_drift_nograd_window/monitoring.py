"""Process-wide score-drift monitor shared by every scoring job in the worker."""
import collections
import math

import torch

DEFAULT_CONFIG = {"bins": 10, "window": 32, "psi_threshold": 0.25, "min_batches": 2}


class DriftMonitor:
    def __init__(self, config):
        self.config = dict(config)
        self.edges = torch.linspace(0.0, 1.0, self.config["bins"] + 1)
        self.reference = None
        self.window = collections.deque(maxlen=self.config["window"])
        self.alerts = []

    def set_reference(self, scores):
        self.reference = self._histogram(torch.as_tensor(scores, dtype=torch.float32)).tolist()

    def _histogram(self, scores):
        idx = torch.bucketize(scores.clamp(0.0, 1.0), self.edges[1:-1])
        counts = torch.bincount(idx, minlength=self.config["bins"]).float()
        return (counts + 1.0) / (counts.sum() + self.config["bins"])

    def observe(self, scores, job_name):
        with torch.no_grad():
            batch = scores.float().flatten()
            self.window.append(batch)  # retain
            if self.reference is None or len(self.window) < self.config["min_batches"]:
                return None
            current = self._histogram(torch.cat(list(self.window)))
            psi = 0.0
            for p, q in zip(current.tolist(), self.reference):
                psi += (p - q) * math.log(p / q)
        if psi > self.config["psi_threshold"]:
            self.alerts.append({"job": job_name, "psi": round(psi, 4), "batches": len(self.window)})
        return psi


MONITOR = DriftMonitor(DEFAULT_CONFIG)
