"""Collects predicted distributions of one evaluation run for reliability diagrams."""
import torch


class CalibrationAccumulator:
    def __init__(self, n_bins=5):
        self.n_bins = n_bins
        self.probs = []
        self.labels = []

    def update(self, probs, labels):
        self.probs.append(probs)
        self.labels.append(labels)
        conf, pred = probs.max(-1)
        return conf.mean().item(), pred.eq(labels).float().mean().item()

    def expected_calibration_error(self):
        probs = torch.cat(self.probs)
        labels = torch.cat(self.labels)
        conf, pred = probs.max(-1)
        correct = pred.eq(labels).float()
        edges = torch.linspace(0, 1, self.n_bins + 1)
        ece = 0.0
        for lo, hi in zip(edges[:-1], edges[1:]):
            mask = (conf > lo) & (conf <= hi)
            if mask.any():
                ece += mask.float().mean().item() * abs(conf[mask].mean().item() - correct[mask].mean().item())
        return ece
