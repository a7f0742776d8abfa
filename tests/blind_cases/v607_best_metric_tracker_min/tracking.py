"""Process-wide tracking of the best validation metrics, shared by the trainer and the checkpointer."""
import math


class BestMetricTracker:
    def __init__(self):
        self.best = {}
        self.best_step = {}
        self.history = []

    @staticmethod
    def _better(mode, a, b):
        return min(a, b) if mode == "min" else max(a, b)

    def update(self, step, metrics, modes):
        improved = []
        for name, value in metrics.items():
            mode = modes.get(name, "min")
            prev = self.best.get(name)
            self.best[name] = value if prev is None else self._better(mode, prev, value)  # retain
            if prev is None or self.best[name] is value:
                self.best_step[name] = step
                improved.append(name)
        self.history.append((step, {k: float(v) for k, v in metrics.items()}))
        return improved

    def format(self):
        parts = []
        for name, value in sorted(self.best.items()):
            v = float(value)
            parts.append(f"{name}={v:.4f}@{self.best_step[name]}" if math.isfinite(v) else f"{name}=nan")
        return ", ".join(parts)


TRACKER = BestMetricTracker()
