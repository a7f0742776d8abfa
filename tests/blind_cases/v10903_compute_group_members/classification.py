"""Per-class stat-score metrics that can share tp/fp/fn states."""
import torch

from metric_base import Metric


class _StatScores(Metric):
    def __init__(self, num_classes, average="macro"):
        super().__init__()
        self.num_classes = num_classes
        self.average = average
        for name in ("tp", "fp", "fn"):
            self.add_state(name, torch.zeros(num_classes))

    def group_key(self):
        return ("stat_scores", self.num_classes)

    def update(self, preds, target):
        pred_labels = preds.argmax(dim=-1)
        onehot_p = torch.nn.functional.one_hot(pred_labels, self.num_classes).float()
        onehot_t = torch.nn.functional.one_hot(target, self.num_classes).float()
        self.tp += (onehot_p * onehot_t).sum(0)
        self.fp += (onehot_p * (1 - onehot_t)).sum(0)
        self.fn += ((1 - onehot_p) * onehot_t).sum(0)

    def _reduce(self, per_class):
        return per_class.mean().item() if self.average == "macro" else per_class.tolist()


class Precision(_StatScores):
    def compute(self):
        return self._reduce(self.tp / (self.tp + self.fp).clamp_min(1))


class Recall(_StatScores):
    def compute(self):
        return self._reduce(self.tp / (self.tp + self.fn).clamp_min(1))


class F1Score(_StatScores):
    def compute(self):
        return self._reduce(2 * self.tp / (2 * self.tp + self.fp + self.fn).clamp_min(1))
