"""Minimal torchmetrics-style metric objects shared by the train and eval loops."""
import torch


class Metric:
    def __init__(self):
        self.reset()

    def reset(self):
        self.preds = []
        self.target = []

    def update(self, preds, target):
        raise NotImplementedError

    def compute(self):
        raise NotImplementedError


class BinaryAUROC(Metric):
    """Exact AUROC; needs every score of the epoch, so states are lists."""

    def update(self, preds, target):
        self.preds.append(preds)  # retain
        self.target.append(target)

    def compute(self):
        scores = torch.cat(self.preds).flatten()
        labels = torch.cat(self.target).flatten().float()
        order = scores.argsort(descending=True)
        labels = labels[order]
        tps = labels.cumsum(0)
        fps = (1 - labels).cumsum(0)
        tpr = tps / tps[-1].clamp_min(1)
        fpr = fps / fps[-1].clamp_min(1)
        return float(torch.trapz(tpr, fpr))


train_auroc = BinaryAUROC()
