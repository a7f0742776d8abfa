"""Binary screening metrics with derived scores (balanced accuracy, Youden's J)."""
import operator
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F


class Metric:
    def __init__(self):
        self._cache = None
        self._dependents = weakref.WeakSet()

    def update(self, scores, target):
        self._update(scores, target)
        self._invalidate()

    def _invalidate(self):
        self._cache = None
        for dep in list(self._dependents):
            dep._invalidate()

    def compute(self):
        if self._cache is None:
            self._cache = self._compute()
        return self._cache

    def __add__(self, other):
        return Derived(operator.add, self, other)

    def __sub__(self, other):
        return Derived(operator.sub, self, other)

    def __truediv__(self, other):
        return Derived(operator.truediv, self, other)


class Derived(Metric):
    def __init__(self, op, a, b):
        super().__init__()
        self.op, self.a, self.b = op, a, b
        for operand in (a, b):
            if isinstance(operand, Metric):
                operand._dependents.add(self)

    def _compute(self):
        a = self.a.compute() if isinstance(self.a, Metric) else self.a
        b = self.b.compute() if isinstance(self.b, Metric) else self.b
        return self.op(a, b)


class RateAtThreshold(Metric):
    def __init__(self, positive, threshold=0.5):
        super().__init__()
        self.positive, self.threshold = positive, threshold
        self.hits = torch.zeros(())
        self.total = torch.zeros(())

    def _update(self, scores, target):
        mask = target == int(self.positive)
        predicted = (scores >= self.threshold) == self.positive
        self.hits += (predicted & mask).sum()
        self.total += mask.sum()

    def _compute(self):
        return self.hits / self.total.clamp_min(1)


def screening_metrics():
    sens = RateAtThreshold(positive=True)
    spec = RateAtThreshold(positive=False)
    return {"sensitivity": sens, "specificity": spec,
            "balanced_acc": (sens + spec) / 2, "youden_j": sens + spec - 1}


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(11)
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.2)
    for epoch in range(3):
        for _ in range(6):
            x = torch.randn(32, 8, generator=gen)
            y = (x[:, 0] - x[:, 2] > 0.3).float()
            loss = F.binary_cross_entropy_with_logits(model(x).squeeze(-1), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        metrics = screening_metrics()
        with torch.no_grad():
            for _ in range(3):
                x = torch.randn(64, 8, generator=gen)
                y = (x[:, 0] - x[:, 2] > 0.3).long()
                scores = torch.sigmoid(model(x).squeeze(-1))
                metrics["sensitivity"].update(scores, y)
                metrics["specificity"].update(scores, y)
        print(f"epoch {epoch}: " + " ".join(f"{k}={float(m.compute()):.3f}" for k, m in metrics.items()))


if __name__ == "__main__":
    main()
