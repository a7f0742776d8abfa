"""Evaluation loop that attaches library warnings to the batch that raised them."""
import contextlib
import warnings

import torch
import torch.nn as nn


class WarningMonitor:
    def __init__(self):
        self.events = []
        self.batch = None

    def record(self, category, message, lineno):
        self.events.append((self.batch, category, message, lineno))


@contextlib.contextmanager
def routed_warnings(monitor, batch_idx):
    previous = warnings.showwarning
    monitor.batch = batch_idx

    def _show(message, category, filename, lineno, file=None, line=None):
        monitor.record(category.__name__, str(message), lineno)

    warnings.showwarning = _show
    try:
        yield monitor
    finally:
        warnings.showwarning = previous
        monitor.batch = None


class Evaluator:
    def __init__(self, model, threshold=0.45):
        self.model = model
        self.threshold = threshold
        self.monitor = WarningMonitor()
        self.skipped = []

    def _eval_batch(self, idx, x, y):
        logits = self.model(x)
        if not torch.isfinite(logits).all():
            raise FloatingPointError(f"non-finite logits in batch {idx}")
        conf, pred = logits.softmax(-1).max(-1)
        low = int((conf < self.threshold).sum())
        if low:
            warnings.warn(f"batch {idx}: {low} low-confidence predictions")
        return int((pred == y).sum())

    def run(self, batches):
        self.model.eval()
        correct = total = 0
        with torch.no_grad():
            for idx, (x, y) in enumerate(batches):
                try:
                    with routed_warnings(self.monitor, idx):
                        correct += self._eval_batch(idx, x, y)
                        total += y.numel()
                except FloatingPointError as err:
                    self.skipped.append(str(err))
        return correct / max(total, 1)


def make_batches():
    batches = []
    for i in range(4):
        x = torch.randn(8, 6) * 0.2
        if i == 1:
            x[0, 0] = float("nan")
        batches.append((x, torch.randint(0, 3, (8,))))
    return batches


def main():
    model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 3))
    evaluator = Evaluator(model)
    acc = evaluator.run(make_batches())
    print(f"acc={acc:.3f} skipped={len(evaluator.skipped)} warnings={len(evaluator.monitor.events)}")


if __name__ == "__main__":
    main()
