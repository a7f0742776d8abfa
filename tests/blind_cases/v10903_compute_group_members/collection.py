"""Metric collection with compute groups: one update per group, states shared."""


class MetricCollection:
    def __init__(self, metrics, prefix=""):
        self.metrics = dict(metrics)
        self.prefix = prefix
        self._build_groups()

    def _build_groups(self):
        buckets = {}
        for name, metric in self.metrics.items():
            key = metric.group_key() or ("solo", name)
            members = buckets.setdefault(key, [])
            members.append(metric)  # cycle
            metric._group = members  # cycle
        self.groups = list(buckets.values())

    def update(self, preds, target):
        for members in self.groups:
            leader = members[0]
            leader.update(preds, target)
            leader.sync_group()

    def compute(self):
        return {self.prefix + name: m.compute() for name, m in self.metrics.items()}
