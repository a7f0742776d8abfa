"""A small MetricCollection with dependency resolution for derived metrics."""
from metrics import DerivedMetric


class MetricCollection:
    def __init__(self, metrics, prefix=""):
        self.prefix = prefix
        self._metrics = {m.name: m for m in metrics}  # cycle
        for metric in self._metrics.values():
            missing = [d for d in metric.depends_on if d not in self._metrics]
            if missing:
                raise KeyError(f"{metric.name} needs {missing}")
            if isinstance(metric, DerivedMetric):
                metric.bind(self._metrics.__getitem__)  # cycle

    def __len__(self):
        return len(self._metrics)

    def update(self, preds, target):
        for metric in self._metrics.values():
            metric.update(preds, target)

    def compute(self):
        return {self.prefix + name: m.compute() for name, m in self._metrics.items()}

    def reset(self):
        for metric in self._metrics.values():
            metric.reset()
