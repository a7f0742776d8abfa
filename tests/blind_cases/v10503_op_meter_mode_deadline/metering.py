"""Per-request op accounting for usage-based billing, built on TorchFunctionMode."""
import collections

from torch.overrides import TorchFunctionMode


class OpMeter(TorchFunctionMode):
    """Counts every torch call made while the request is active."""

    def __init__(self, request):
        super().__init__()
        self.request = request
        self.counts = collections.Counter()

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.counts[getattr(func, "__name__", "op")] += 1
        return func(*args, **(kwargs or {}))

    @property
    def total(self):
        return sum(self.counts.values())


class UsageLedger:
    def __init__(self):
        self.rows = []

    def charge(self, tenant, ops):
        self.rows.append((tenant, ops))
