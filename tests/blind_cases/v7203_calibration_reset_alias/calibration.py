"""Expected calibration error over equal-width confidence bins."""
from dataclasses import dataclass

import torch

from metric_base import Metric


@dataclass
class Chunk:
    confidence: torch.Tensor
    correct: torch.Tensor
    step: int


class CalibrationError(Metric):
    def __init__(self, n_bins=10):
        super().__init__()
        self.n_bins = n_bins
        self._step = 0
        self.add_state("chunks", default=[], reduction="cat")

    @torch.no_grad()
    def update(self, logits, target):
        conf, pred = logits.softmax(dim=-1).max(dim=-1)
        self.chunks.append(Chunk(conf.cpu(), (pred == target).cpu(), self._step))
        self._step += 1

    def compute(self):
        if not self.chunks:
            return 0.0
        conf = torch.cat([c.confidence for c in self.chunks])
        correct = torch.cat([c.correct for c in self.chunks]).float()
        edges = torch.linspace(0, 1, self.n_bins + 1)
        ece = torch.zeros(())
        for lo, hi in zip(edges[:-1], edges[1:]):
            in_bin = (conf > lo) & (conf <= hi)
            if in_bin.any():
                gap = (conf[in_bin].mean() - correct[in_bin].mean()).abs()
                ece += gap * in_bin.float().mean()
        return float(ece)


VAL_ECE = CalibrationError(n_bins=10)
