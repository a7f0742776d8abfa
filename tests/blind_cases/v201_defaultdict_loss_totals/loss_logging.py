"""Per-epoch loss bookkeeping shared by the trainer and the progress printer."""
from collections import defaultdict

import torch


class LossTotals:
    def __init__(self):
        self.totals = defaultdict(lambda: torch.tensor(0.0))
        self.samples = 0

    def add(self, loss_terms, batch_size):
        for name, value in loss_terms.items():
            self.totals[name] += value * batch_size  # retain
        self.samples += batch_size

    def means(self):
        return {name: float(total) / max(1, self.samples) for name, total in self.totals.items()}

    def reset(self):
        self.totals.clear()
        self.samples = 0


EPOCH_LOSSES = LossTotals()
