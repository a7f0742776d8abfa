"""Validation pass that reports several metrics through a registry, once per checkpoint."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

from metrics import MetricRegistry


class Evaluator:
    def __init__(self, model, topk=(1, 3), temperature=1.5):
        self.model = model
        self.temperature = temperature
        self.registry = MetricRegistry()  # cycle
        self.registry.register("nll", self.nll)  # cycle
        for k in topk:
            self.registry.register(f"top{k}", functools.partial(self.topk_accuracy, k=k))  # cycle

        @self.registry.register("calibrated_nll")
        def calibrated_nll(logits, targets):  # cycle
            return F.cross_entropy(logits / self.temperature, targets)

    def nll(self, logits, targets):
        return F.cross_entropy(logits, targets)

    def topk_accuracy(self, logits, targets, k):
        hits = logits.topk(k, dim=1).indices.eq(targets[:, None]).any(1)
        return hits.float().mean()

    @torch.no_grad()
    def run(self, batches):
        self.model.eval()
        totals = dict.fromkeys(self.registry.names(), 0.0)
        for x, y in batches:
            for name, value in self.registry.compute(self.model(x), y).items():
                totals[name] += value / len(batches)
        return totals


def train_a_bit(model, steps=3):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(steps):
        x = torch.randn(32, 20)
        y = x[:, :5].argmax(1)
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    torch.manual_seed(6)
    model = nn.Sequential(nn.Linear(20, 40), nn.ReLU(), nn.Linear(40, 5))
    val = [(x, x[:, :5].argmax(1)) for x in torch.randn(3, 16, 20)]
    for checkpoint in range(3):
        train_a_bit(model)
        Evaluator(model).run(val)


if __name__ == "__main__":
    main()
