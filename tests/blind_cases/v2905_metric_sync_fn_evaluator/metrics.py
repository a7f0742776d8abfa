"""Minimal torchmetrics-style metric classes with registered, syncable states."""
import torch


class Metric:
    def __init__(self, dist_sync_fn=None, sync_on_compute=True):
        self._defaults = {}
        self._reductions = {}
        self.dist_sync_fn = dist_sync_fn  # cycle
        self.sync_on_compute = sync_on_compute

    def add_state(self, name, default, dist_reduce_fx="sum"):
        self._defaults[name] = default.clone()
        self._reductions[name] = dist_reduce_fx
        setattr(self, name, default.clone())

    def reset(self):
        for name, default in self._defaults.items():
            setattr(self, name, default.clone())

    def _sync_states(self):
        if self.dist_sync_fn is None or not self.sync_on_compute:
            return
        for name, fx in self._reductions.items():
            gathered = self.dist_sync_fn(getattr(self, name))
            setattr(self, name, torch.stack(gathered).sum(0) if fx == "sum" else torch.cat(gathered))

    def compute(self):
        self._sync_states()
        return self._compute()


class Accuracy(Metric):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.add_state("correct", torch.tensor(0))
        self.add_state("total", torch.tensor(0))

    def update(self, logits, target):
        self.correct += (logits.argmax(-1) == target).sum()
        self.total += target.numel()

    def _compute(self):
        return self.correct.float() / self.total.clamp_min(1)


class MeanNLL(Metric):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.add_state("nll_sum", torch.tensor(0.0))
        self.add_state("count", torch.tensor(0))

    def update(self, logits, target):
        self.nll_sum += torch.nn.functional.cross_entropy(logits.detach(), target, reduction="sum")
        self.count += target.numel()

    def _compute(self):
        return self.nll_sum / self.count.clamp_min(1)


METRICS = {"accuracy": Accuracy, "nll": MeanNLL}


class MetricCollection(dict):
    def __init__(self, metrics, prefix=""):
        super().__init__(metrics)  # cycle
        self.prefix = prefix

    def update(self, *args):
        for metric in self.values():
            metric.update(*args)

    def compute(self):
        return {self.prefix + name: float(m.compute()) for name, m in self.items()}

    def reset(self):
        for metric in self.values():
            metric.reset()
