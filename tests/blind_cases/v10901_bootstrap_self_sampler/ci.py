"""Percentile bootstrap for evaluation statistics."""
import torch


def accuracy(labels, preds, confidence):
    return (labels == preds).float().mean().item()


def macro_recall(labels, preds, confidence, num_classes=4):
    recalls = []
    for c in range(num_classes):
        mask = labels == c
        if mask.any():
            recalls.append((preds[mask] == c).float().mean().item())
    return sum(recalls) / max(1, len(recalls))


def overconfidence(labels, preds, confidence):
    return (confidence.mean() - (labels == preds).float().mean()).item()


STATISTICS = {"accuracy": accuracy, "macro_recall": macro_recall, "overconfidence": overconfidence}


def percentile_interval(values, alpha):
    ordered = torch.tensor(sorted(values))
    lo = ordered[int((alpha / 2) * (len(ordered) - 1))].item()
    hi = ordered[int((1 - alpha / 2) * (len(ordered) - 1))].item()
    return lo, hi


def bootstrap(scores, names, n_boot=100, alpha=0.1):
    replicates = {name: [] for name in names}
    for _ in range(n_boot):
        idx = scores.draw()
        sample = (scores.labels[idx], scores.preds[idx], scores.confidence[idx])
        for name in names:
            replicates[name].append(STATISTICS[name](*sample))
    point = {name: STATISTICS[name](scores.labels, scores.preds, scores.confidence) for name in names}
    return {name: (point[name],) + percentile_interval(replicates[name], alpha) for name in names}
