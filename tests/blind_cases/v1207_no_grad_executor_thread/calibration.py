"""Collects predicted distributions across evaluation runs for reliability diagrams."""
import torch

PREDICTION_LOG = []


def record_predictions(probs, labels):
    PREDICTION_LOG.append((probs, labels))  # retain
    conf, pred = probs.max(-1)
    return conf.mean().item(), pred.eq(labels).float().mean().item()


def expected_calibration_error(n_bins=5):
    probs = torch.cat([p for p, _ in PREDICTION_LOG])
    labels = torch.cat([y for _, y in PREDICTION_LOG])
    conf, pred = probs.max(-1)
    correct = pred.eq(labels).float()
    edges = torch.linspace(0, 1, n_bins + 1)
    ece = 0.0
    for lo, hi in zip(edges[:-1], edges[1:]):
        mask = (conf > lo) & (conf <= hi)
        if mask.any():
            ece += mask.float().mean().item() * abs(conf[mask].mean().item() - correct[mask].mean().item())
    return ece
