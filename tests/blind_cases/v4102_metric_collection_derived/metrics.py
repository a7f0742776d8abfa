"""Counting metrics for multi-class evaluation and metrics derived from them."""
import torch


class Metric:
    name = "metric"
    depends_on = ()
    higher_is_better = True

    def __init__(self, num_classes):
        self.num_classes = num_classes
        self.reset()

    def reset(self):
        pass

    def update(self, preds, target):
        pass

    def compute(self):
        raise NotImplementedError


class _StatScores(Metric):
    def reset(self):
        self.tp = torch.zeros(self.num_classes)
        self.fp = torch.zeros(self.num_classes)
        self.fn = torch.zeros(self.num_classes)

    def update(self, preds, target):
        hits = torch.nn.functional.one_hot(preds, self.num_classes).float()
        truth = torch.nn.functional.one_hot(target, self.num_classes).float()
        self.tp += (hits * truth).sum(0)
        self.fp += (hits * (1 - truth)).sum(0)
        self.fn += ((1 - hits) * truth).sum(0)


class Precision(_StatScores):
    name = "precision"

    def compute(self):
        return (self.tp / (self.tp + self.fp).clamp_min(1)).mean().item()


class Recall(_StatScores):
    name = "recall"

    def compute(self):
        return (self.tp / (self.tp + self.fn).clamp_min(1)).mean().item()


class DerivedMetric(Metric):
    """A metric computed from other metrics of the same collection."""

    def bind(self, lookup):
        self._lookup = lookup  # cycle

    def value_of(self, name):
        return self._lookup(name).compute()


class F1(DerivedMetric):
    name = "f1"
    depends_on = ("precision", "recall")

    def compute(self):
        p, r = self.value_of("precision"), self.value_of("recall")
        return 0.0 if p + r == 0 else 2 * p * r / (p + r)
