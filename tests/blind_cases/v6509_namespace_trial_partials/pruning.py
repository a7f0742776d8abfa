"""Percentile pruner with patience, fed with the curves of finished trials."""


class PatientPercentilePruner:
    def __init__(self, percentile=50.0, patience=1, warmup=1):
        self.percentile = percentile
        self.patience = patience
        self.warmup = warmup
        self.curves = []
        self._strikes = 0

    def start(self):
        self._strikes = 0

    def finish(self, curve):
        self.curves.append(dict(curve))

    def _threshold(self, step):
        values = sorted(c[step] for c in self.curves if step in c)
        if not values:
            return None
        k = min(len(values) - 1, int(len(values) * self.percentile / 100.0))
        return values[k]

    def prune(self, curve, step):
        if step < self.warmup:
            return False
        threshold = self._threshold(step)
        if threshold is None or curve[step] <= threshold:
            self._strikes = 0
            return False
        self._strikes += 1
        return self._strikes > self.patience
