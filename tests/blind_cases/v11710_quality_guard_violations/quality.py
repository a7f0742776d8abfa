"""Batch-level data-quality checks that quarantine a batch instead of crashing the run."""
import contextlib
from collections import Counter

import torch


class QualityViolation(Exception):
    def __init__(self, check, sample_ids, detail):
        super().__init__(f"{check}: {detail}")
        self.check = check
        self.sample_ids = sample_ids


class BatchQualityMonitor:
    def __init__(self, max_abs=8.0, max_dup_frac=0.25, num_classes=None):
        self.max_abs = max_abs
        self.max_dup_frac = max_dup_frac
        self.num_classes = num_classes
        self.counts = Counter()
        self.violations = []

    def check(self, x, y, ids):
        if not torch.isfinite(x).all():
            bad = ~torch.isfinite(x).all(1)
            raise QualityViolation("nonfinite", ids[bad].tolist(), f"{int(bad.sum())} rows")
        over = (x.abs() > self.max_abs).any(1)
        if over.any():
            raise QualityViolation("range", ids[over].tolist(), f"max |x| = {x.abs().max():.1f}")
        dup_frac = 1.0 - len(torch.unique(x, dim=0)) / len(x)
        if dup_frac > self.max_dup_frac:
            raise QualityViolation("duplicates", ids.tolist(), f"{dup_frac:.0%} duplicate rows")
        if self.num_classes is not None and (y >= self.num_classes).any():
            raise QualityViolation("label", ids[y >= self.num_classes].tolist(), "label out of range")

    @contextlib.contextmanager
    def guard(self, stage):
        try:
            yield self
        except QualityViolation as err:
            self.counts[(stage, err.check)] += 1
            self.violations.append(err)  # cycle

    def quarantined_ids(self):
        return sorted({i for v in self.violations for i in v.sample_ids})
