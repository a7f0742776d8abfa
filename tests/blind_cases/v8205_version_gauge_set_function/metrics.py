"""Minimal Prometheus-style gauges with labels and a process-wide registry."""


class _GaugeChild:
    def __init__(self):
        self._value = 0.0
        self._fn = None

    def set(self, value):
        self._value = float(value)

    def set_function(self, fn):
        self._fn = fn  # retain

    def get(self):
        if self._fn is not None:
            return float(self._fn())
        return self._value


class Gauge:
    def __init__(self, name, documentation, labelnames, registry):
        self.name = name
        self.documentation = documentation
        self.labelnames = tuple(labelnames)
        self._children = {}
        registry.register(self)

    def labels(self, **labels):
        key = tuple(str(labels[n]) for n in self.labelnames)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = _GaugeChild()
        return child

    def remove(self, *values):
        self._children.pop(tuple(str(v) for v in values), None)

    def samples(self):
        return [(dict(zip(self.labelnames, key)), child.get()) for key, child in self._children.items()]


class CollectorRegistry:
    def __init__(self):
        self._metrics = {}

    def register(self, metric):
        self._metrics[metric.name] = metric

    def scrape(self):
        return {name: metric.samples() for name, metric in self._metrics.items()}


REGISTRY = CollectorRegistry()
QUEUE_DEPTH = Gauge("model_queue_depth", "Requests waiting per model version", ["model", "version"], REGISTRY)
MODEL_READY = Gauge("model_ready", "1 when the version has finished warm-up", ["model", "version"], REGISTRY)
