"""Online classifier with test-then-train updates and an ADWIN drift detector on the loss stream."""
import math

import torch
import torch.nn as nn


class BucketRow:
    def __init__(self, max_buckets, prev_row=None):
        self.size = 0
        self.total = [0.0] * (max_buckets + 1)
        self.variance = [0.0] * (max_buckets + 1)
        self.next_row = None
        self.prev_row = prev_row  # cycle
        if prev_row is not None:
            prev_row.next_row = self  # cycle

    def insert(self, total, variance):
        self.total[self.size] = total
        self.variance[self.size] = variance
        self.size += 1

    def drop_oldest(self, n):
        self.total = self.total[n:] + [0.0] * n
        self.variance = self.variance[n:] + [0.0] * n
        self.size -= n


class ADWIN:
    def __init__(self, delta=0.002, max_buckets=5, clock=4, min_window=10):
        self.delta, self.max_buckets = delta, max_buckets
        self.clock, self.min_window = clock, min_window
        self.head = self.tail = BucketRow(max_buckets)
        self.n_rows = 1
        self.width, self.total, self.variance, self.ticks = 0, 0.0, 0.0, 0

    def update(self, value):
        self.width += 1
        self.head.insert(value, 0.0)
        if self.width > 1:
            self.variance += (self.width - 1) * (value - self.total / (self.width - 1)) ** 2 / self.width
        self.total += value
        self._compress()
        self.ticks += 1
        return self.ticks % self.clock == 0 and self.width > self.min_window and self._detect()

    def _compress(self):
        row, level = self.head, 0
        while row is not None and row.size == self.max_buckets + 1:
            if row.next_row is None:
                self.tail = BucketRow(self.max_buckets, prev_row=self.tail)
                self.n_rows += 1
            n = 2 ** level
            mu1, mu2 = row.total[0] / n, row.total[1] / n
            merged_var = row.variance[0] + row.variance[1] + n * n * (mu1 - mu2) ** 2 / (2 * n)
            row.next_row.insert(row.total[0] + row.total[1], merged_var)
            row.drop_oldest(2)
            row, level = row.next_row, level + 1

    def _detect(self):
        n0, s0 = 0, 0.0
        row, level = self.tail, self.n_rows - 1
        while row is not None:
            for k in range(row.size):
                n0 += 2 ** level
                s0 += row.total[k]
                n1, s1 = self.width - n0, self.total - s0
                if n1 < 5 or n0 < 5:
                    continue
                m = 1.0 / (1.0 / n0 + 1.0 / n1)
                var = self.variance / self.width
                eps = math.sqrt(2 * m * var * math.log(2 / self.delta)) / m + 2 / (3 * m) * math.log(2 / self.delta)
                if abs(s0 / n0 - s1 / n1) > eps:
                    return True
            row, level = row.prev_row, level - 1
        return False


class OnlineLearner:
    def __init__(self, in_dim, n_classes, lr=0.05):
        self.model = nn.Sequential(nn.Linear(in_dim, 16), nn.ReLU(), nn.Linear(16, n_classes))
        self.lr = lr
        self.opt = torch.optim.SGD(self.model.parameters(), lr=lr, momentum=0.9)
        self.detector = ADWIN(delta=0.002)
        self.drifts, self.correct, self.seen = [], 0, 0

    def test_then_train(self, step, x, y):
        logits = self.model(x)
        self.correct += int((logits.argmax(1) == y).sum())
        self.seen += len(y)
        loss = nn.functional.cross_entropy(logits, y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        if self.detector.update(loss.item()):
            self.drifts.append(step)
            self.opt = torch.optim.SGD(self.model.parameters(), lr=self.lr, momentum=0.9)
            self.detector = ADWIN(delta=0.002)


def drifting_stream(steps, in_dim, n_classes, drift_at):
    w = torch.randn(in_dim, n_classes)
    for step in range(steps):
        if step == drift_at:
            w = w[:, torch.randperm(n_classes)]
        x = torch.randn(16, in_dim)
        yield step, x, (x @ w).argmax(1)


def main():
    torch.manual_seed(0)
    learner = OnlineLearner(in_dim=8, n_classes=3)
    for step, x, y in drifting_stream(120, 8, 3, drift_at=60):
        learner.test_then_train(step, x, y)
    print(f"prequential acc {learner.correct / learner.seen:.3f}, drifts at {learner.drifts}")


if __name__ == "__main__":
    main()
