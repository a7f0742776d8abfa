"""Process-wide score-drift monitor shared by every scoring job in the worker."""
import collections
import math

import torch

DEFAULT_CONFIG = {"bins": 10, "window": 32, "psi_threshold": 0.25, "min_batches": 2}


class DriftMonitor:
    def __init__(self, config):
        self.config = dict(config)
        self.edges = torch.linspace(0.0, 1.0, self.config["bins"] + 1)
        self.counts = torch.zeros(self.config["bins"])
        self.reference = None
        self.window = collections.deque(maxlen=self.config["window"])
        self.alerts = []

    def set_reference(self, scores):
        self.reference = self._normalise(self._bincount(torch.as_tensor(scores, dtype=torch.float32))).tolist()

    def _bincount(self, scores):
        idx = torch.bucketize(scores.clamp(0.0, 1.0), self.edges[1:-1])
        return torch.bincount(idx, minlength=self.config["bins"]).float()

    def _normalise(self, counts):
        return (counts + 1.0) / (counts.sum() + self.config["bins"])

    def observe(self, scores, job_name):
        with torch.no_grad():
            batch = scores.detach().float().flatten()
            self.counts += self._bincount(batch)
            self.window.append(batch.numel())
            if self.reference is None or len(self.window) < self.config["min_batches"]:
                return None
            current = self._normalise(self.counts)
            psi = 0.0
            for p, q in zip(current.tolist(), self.reference):
                psi += (p - q) * math.log(p / q)
        if psi > self.config["psi_threshold"]:
            self.alerts.append({"job": job_name, "psi": round(psi, 4), "rows": sum(self.window)})
        return psi

    def reset(self):
        self.counts.zero_()
        self.window.clear()


MONITOR = DriftMonitor(DEFAULT_CONFIG)
