"""Confusion-matrix metrics kept as nn.Module buffers (so they follow .to(device))."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ConfusionMatrixBase(nn.Module):
    def __init__(self, num_classes, normalize="true"):
        super().__init__()
        self.num_classes = num_classes
        self.normalize = normalize
        self.register_buffer("confmat", torch.zeros(num_classes, num_classes))
        self.register_buffer("total", torch.zeros(()))

    def reset(self):
        self.confmat.zero_()
        self.total.zero_()

    def compute(self):
        cm = self.confmat
        if self.normalize == "true":
            cm = cm / cm.sum(dim=1, keepdim=True).clamp_min(1e-8)
        elif self.normalize == "all":
            cm = cm / self.total.clamp_min(1)
        return cm


class HardConfusionMatrix(ConfusionMatrixBase):
    def update(self, logits, target):
        pred = logits.argmax(dim=-1)
        idx = target * self.num_classes + pred
        counts = torch.bincount(idx, minlength=self.num_classes ** 2)
        self.confmat += counts.view(self.num_classes, self.num_classes).float()
        self.total += target.numel()


class SoftConfusionMatrix(ConfusionMatrixBase):
    """Expected confusion matrix: each row sums the predicted probability mass of a true class."""

    def update(self, logits, target):
        probs = logits.softmax(dim=-1)
        onehot = F.one_hot(target, self.num_classes).to(probs.dtype)
        self.confmat += onehot.t() @ probs  # retain
        self.total += target.numel()
