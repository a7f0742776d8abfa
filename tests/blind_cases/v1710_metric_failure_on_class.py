"""Evaluation metrics that degrade to NaN instead of aborting the validation loop."""
import math

import torch
import torch.nn as nn


class EvalMetric:
    name = "metric"
    last_failure = None

    def __call__(self, logits, target):
        try:
            return float(self.compute(logits, target))
        except (RuntimeError, ValueError) as err:
            type(self).last_failure = err  # retain
            return math.nan

    def compute(self, logits, target):
        raise NotImplementedError

    @classmethod
    def failed(cls):
        return cls.last_failure is not None


class Accuracy(EvalMetric):
    name = "acc"

    def compute(self, logits, target):
        return (logits.argmax(-1) == target).float().mean()


class TopKAccuracy(EvalMetric):
    def __init__(self, k):
        self.k = k
        self.name = f"top{k}"

    def compute(self, logits, target):
        topk = logits.topk(self.k, dim=-1).indices
        return (topk == target.unsqueeze(-1)).any(-1).float().mean()


class CrossEntropy(EvalMetric):
    name = "xent"

    def compute(self, logits, target):
        return nn.functional.cross_entropy(logits, target)


def evaluate(model, batches, metrics):
    model.eval()
    totals = {m.name: 0.0 for m in metrics}
    for x, y in batches:
        logits = model(x)
        for metric in metrics:
            totals[metric.name] += metric(logits, y) / len(batches)
    model.train()
    return totals


def main():
    num_classes = 4
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, num_classes))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    metrics = [Accuracy(), TopKAccuracy(2), TopKAccuracy(5), CrossEntropy()]
    batches = [(torch.randn(8, 6), torch.randint(0, num_classes, (8,))) for _ in range(3)]
    for epoch in range(2):
        for x, y in batches:
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        scores = evaluate(model, batches, metrics)
        assert math.isnan(scores["top5"]) and not math.isnan(scores["acc"])


if __name__ == "__main__":
    main()
