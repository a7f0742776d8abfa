"""Per-layer statistics for the training log."""
import math


class TrustRatioMonitor:
    """Collects the trust ratio LARS computed for every layer at each logging step."""

    def __init__(self, model, every=2):
        self.names = {p: n for n, p in model.named_parameters()}
        self.every = every
        self.rows = []

    def after_step(self, step):
        if step % self.every:
            return
        row = {"step": step}
        for p, name in self.names.items():
            ratio = getattr(p, "trust_ratio", None)
            if ratio is not None:
                row[name] = float(ratio)
        self.rows.append(row)

    def summary(self):
        keys = [k for k in self.rows[-1] if k != "step"]
        return {k: math.fsum(r[k] for r in self.rows) / len(self.rows) for k in keys}

    def close(self):
        self.names.clear()
