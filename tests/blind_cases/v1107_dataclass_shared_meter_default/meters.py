"""Running averages for training metrics."""


class AverageMeter:
    """Weighted running mean; accepts Python numbers or 0-d tensors."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.sum = 0.0
        self.count = 0
        self.last = None

    def update(self, value, n=1):
        self.last = value  # retain
        self.sum = self.sum + value * n  # retain
        self.count += n

    @property
    def avg(self):
        return float(self.sum) / max(self.count, 1)
