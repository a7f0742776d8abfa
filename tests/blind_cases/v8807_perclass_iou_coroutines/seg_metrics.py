"""Streaming per-class IoU for semantic segmentation validation."""
import math


class PerClassIoU:
    """Keeps one running accumulator per class; send() a (pred, target) pair to update it."""

    def __init__(self, class_names, ignore_index=255):
        self.class_names = list(class_names)
        self.ignore_index = ignore_index
        self._acc = {}
        for c, name in enumerate(self.class_names):
            self._acc[name] = self._running_iou(c)  # cycle
            next(self._acc[name])

    def _running_iou(self, class_id):
        inter = union = 0
        iou = math.nan
        while True:
            batch = yield iou
            if batch is None:
                continue
            pred, target = batch
            valid = target != self.ignore_index
            p = (pred == class_id) & valid
            t = (target == class_id) & valid
            inter += int((p & t).sum())
            union += int((p | t).sum())
            iou = inter / union if union else math.nan

    def update(self, logits, target):
        pred = logits.argmax(dim=1)
        for acc in self._acc.values():
            acc.send((pred, target))

    def compute(self):
        per_class = {name: acc.send(None) for name, acc in self._acc.items()}
        present = [v for v in per_class.values() if not math.isnan(v)]
        return per_class, (sum(present) / len(present) if present else math.nan)
