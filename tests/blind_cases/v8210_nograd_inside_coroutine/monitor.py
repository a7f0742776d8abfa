"""Process-wide prediction drift monitor shared by every model version this worker serves."""
import torch


class DriftMonitor:
    def __init__(self, num_classes, momentum=0.9):
        self.momentum = momentum
        self.class_mean = torch.full((num_classes,), 1.0 / num_classes)
        self.seen = 0

    def update(self, probs):
        m = self.momentum
        self.class_mean.mul_(m).add_(probs.mean(0), alpha=1.0 - m)
        self.seen += probs.shape[0]

    def divergence(self, reference):
        return float((self.class_mean - reference).abs().sum())


DRIFT = DriftMonitor(num_classes=4)
