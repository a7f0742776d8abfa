"""Rank-aware sink for torch.distributed.elastic.metrics: smooths values, only rank 0 prints."""
import collections

import torch.distributed as dist
from torch.distributed.elastic import metrics


def current_rank():
    return dist.get_rank() if dist.is_initialized() else 0


class SmoothedRankZeroHandler(metrics.MetricHandler):
    def __init__(self, window=32, print_every=4):
        self.window = window
        self.print_every = print_every
        self.series = {}
        self.counts = collections.Counter()

    def emit(self, metric_data):
        buf = self.series.setdefault(metric_data.name, collections.deque(maxlen=self.window))
        buf.append(metric_data)  # retain
        self.counts[metric_data.name] += 1
        if current_rank() == 0 and self.counts[metric_data.name] % self.print_every == 0:
            mean = sum(float(m.value) for m in buf) / len(buf)
            print(f"[{metric_data.group_name}] {metric_data.name} (last {len(buf)}): {mean:.4f}")


TRAINER_METRICS = SmoothedRankZeroHandler()
metrics.configure(TRAINER_METRICS, group="trainer")
