"""Per-batch evaluation with several metrics; metrics that are undefined on a batch are skipped."""
from collections import defaultdict

import torch
import torch.nn as nn


def accuracy(logits, targets):
    return (logits.argmax(-1) == targets).float().mean().item()


def binary_auroc(logits, targets):
    scores = logits.softmax(-1)[:, 1]
    pos, neg = scores[targets == 1], scores[targets == 0]
    if pos.numel() == 0 or neg.numel() == 0:
        raise ValueError("AUROC is undefined when only one class is present")
    return (pos[:, None] > neg[None, :]).float().mean().item()


def positive_rate(logits, targets):
    pred = logits.argmax(-1)
    if int(pred.sum()) == 0:
        raise ValueError("no positive predictions in batch")
    return (pred & targets).sum().item() / pred.sum().item()


class MetricSuite:
    def __init__(self, model, metrics):
        self.model = model
        self.metrics = metrics
        self.values = defaultdict(list)
        self.failures = []

    def _compute_all(self, logits, targets):
        errors = []
        for name, fn in self.metrics.items():
            try:
                self.values[name].append(fn(logits, targets))
            except ValueError as exc:
                exc.add_note(f"metric={name}")
                errors.append(exc)
        if errors:
            raise ExceptionGroup("some metrics could not be computed", errors)  # cycle

    def evaluate(self, batches):
        self.model.eval()
        with torch.no_grad():
            for x, y in batches:
                logits = self.model(x)
                try:
                    self._compute_all(logits, y)
                except* ValueError as group:
                    self.failures.append(group)  # cycle
        return {k: sum(v) / len(v) for k, v in self.values.items() if v}


def make_batches():
    g = torch.Generator().manual_seed(3)
    out = []
    for i in range(4):
        x = torch.randn(24, 8, generator=g)
        y = torch.randint(0, 2, (24,), generator=g)
        if i == 2:
            y = torch.zeros(24, dtype=torch.long)
        out.append((x, y))
    return out


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
    suite = MetricSuite(model, {"acc": accuracy, "auroc": binary_auroc, "precision": positive_rate})
    summary = suite.evaluate(make_batches())
    print({k: round(v, 3) for k, v in summary.items()}, "failed batches:", len(suite.failures))


if __name__ == "__main__":
    main()
