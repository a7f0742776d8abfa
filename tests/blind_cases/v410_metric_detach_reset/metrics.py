"""Minimal torchmetrics-style metric: list states, detached on update, reset per epoch."""
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
    def update(self, preds, target):
        self.preds.append(preds.detach().cpu())
        self.target.append(target.detach().cpu())

    def compute(self):
        scores = torch.cat(self.preds).flatten()
        labels = torch.cat(self.target).flatten().float()
        labels = labels[scores.argsort(descending=True)]
        tpr = labels.cumsum(0) / labels.sum().clamp_min(1)
        fpr = (1 - labels).cumsum(0) / (1 - labels).sum().clamp_min(1)
        return float(torch.trapz(tpr, fpr))


train_auroc = BinaryAUROC()
