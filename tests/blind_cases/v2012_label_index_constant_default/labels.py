"""Label bookkeeping for classification: name <-> id maps and a confusion-matrix accumulator."""
import itertools
from collections import defaultdict

import torch

IGNORE_INDEX = -100


class LabelIndex:
    """Maps class names to ids; names outside the label set map to the ignore index."""

    def __init__(self, names, ignore_index=IGNORE_INDEX):
        self.names = sorted(set(names))
        self.ignore_index = ignore_index
        self.ids = defaultdict(itertools.repeat(self.ignore_index).__next__)
        self.ids.update((name, i) for i, name in enumerate(self.names))

    def __len__(self):
        return len(self.names)

    def encode(self, labels):
        return torch.tensor([self.ids[name] for name in labels], dtype=torch.long)

    def decode(self, ids):
        return [self.names[i] if 0 <= i < len(self.names) else "<ignored>" for i in ids]


class ConfusionMatrix:
    def __init__(self, num_classes, ignore_index=IGNORE_INDEX):
        self.ignore_index = ignore_index
        self.counts = torch.zeros(num_classes, num_classes, dtype=torch.long)

    def update(self, preds, targets):
        keep = targets != self.ignore_index
        flat = targets[keep] * self.counts.size(0) + preds[keep]
        self.counts += torch.bincount(flat, minlength=self.counts.numel()).view_as(self.counts)

    def macro_recall(self):
        per_class = self.counts.diag().float() / self.counts.sum(1).clamp(min=1).float()
        return float(per_class.mean())
