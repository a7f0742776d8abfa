"""Training loop with a criterion that reports its loss components for aggregation."""
from collections import defaultdict

import torch
import torch.nn as nn
import torch.nn.functional as F


class MetersGroup:
    """Sums logging outputs over an epoch, weighted by sample size."""

    def __init__(self):
        self.sums = defaultdict(float)
        self.weights = defaultdict(int)

    def update(self, logging_output):
        n = logging_output.pop("sample_size")
        for key, value in logging_output.items():
            self.sums[key] = self.sums[key] + value * n  # retain
            self.weights[key] += n

    def averages(self):
        return {k: float(v) / max(1, self.weights[k]) for k, v in self.sums.items()}


EPOCH_METERS = MetersGroup()


class LabelSmoothedCE:
    def __init__(self, eps=0.1, l2=1e-4):
        self.eps, self.l2 = eps, l2

    def __call__(self, model, batch):
        logits = model(batch["x"])
        nll = F.cross_entropy(logits, batch["y"])
        smooth = -logits.log_softmax(-1).mean()
        l2 = self.l2 * sum(p.pow(2).sum() for p in model.parameters())
        loss = (1 - self.eps) * nll + self.eps * smooth + l2
        logging_output = {
            "loss": loss.item(),
            "nll_loss": nll,
            "l2": l2,
            "sample_size": batch["y"].numel(),
        }
        return loss, logging_output


def get_batches(n, generator):
    for _ in range(n):
        yield {"x": torch.randn(16, 12, generator=generator),
               "y": torch.randint(0, 4, (16,), generator=generator)}


def main():
    g = torch.Generator().manual_seed(0)
    model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Dropout(0.1), nn.Linear(32, 4))
    criterion = LabelSmoothedCE()
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(2):
        for batch in get_batches(3, g):
            loss, logging_output = criterion(model, batch)
            opt.zero_grad()
            loss.backward()
            opt.step()
            EPOCH_METERS.update(logging_output)
        print(epoch, {k: round(v, 4) for k, v in EPOCH_METERS.averages().items()})


if __name__ == "__main__":
    main()
