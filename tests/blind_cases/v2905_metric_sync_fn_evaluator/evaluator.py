"""Validation driver that owns the metric collection and the (simulated) process group."""
import torch

from metrics import METRICS, MetricCollection


class Evaluator:
    def __init__(self, model, metric_names=("accuracy", "nll"), world_size=1, prefix="val/"):
        self.model = model
        self.world_size = world_size
        self.history = []
        metrics = {name: METRICS[name](dist_sync_fn=self._all_gather) for name in metric_names}  # cycle
        self.metrics = MetricCollection(metrics, prefix=prefix)  # cycle

    def _all_gather(self, tensor):
        return [tensor.clone() for _ in range(self.world_size)] if self.world_size > 1 else [tensor]

    @torch.no_grad()
    def evaluate(self, loader):
        was_training = self.model.training
        self.model.eval()
        self.metrics.reset()
        for inputs, targets in loader:
            self.metrics.update(self.model(inputs), targets)
        result = self.metrics.compute()
        self.history.append(result)
        self.model.train(was_training)
        return result
