"""Per-split evaluation results with optional artifacts for the error-analysis report."""
from typing import NamedTuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class EvalResult(NamedTuple):
    split: str
    loss: float
    accuracy: float
    num_samples: int
    artifacts: dict = {}

    def headline(self):
        return f"{self.split:<6} loss={self.loss:.4f} acc={self.accuracy:.3f} n={self.num_samples}"


class Evaluator:
    def __init__(self, model, keep_hardest=4):
        self.model = model
        self.keep_hardest = keep_hardest

    def evaluate(self, split, x, y):
        self.model.eval()
        logits = self.model(x)
        per_sample = F.cross_entropy(logits, y, reduction="none")
        acc = (logits.argmax(-1) == y).float().mean().item()
        result = EvalResult(split, per_sample.mean().item(), acc, len(y))
        if self.keep_hardest:
            self.attach_hardest(result, logits, per_sample)
        return result

    def attach_hardest(self, result, logits, per_sample):
        idx = per_sample.topk(min(self.keep_hardest, len(per_sample))).indices
        result.artifacts[f"{result.split}/hardest_logits"] = logits[idx]  # retain
        result.artifacts[f"{result.split}/hardest_index"] = idx.tolist()


def make_data(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 10, generator=g)
    return x, (x[:, :3].sum(1) > 0).long() + (x[:, 3] > 1).long()


def main():
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Dropout(0.1), nn.Linear(32, 3))
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    train, splits = make_data(128, 0), {"val": make_data(48, 1), "test": make_data(48, 2)}
    evaluator = Evaluator(model)
    for epoch in range(3):
        model.train()
        for start in range(0, 128, 32):
            loss = F.cross_entropy(model(train[0][start:start + 32]), train[1][start:start + 32])
            opt.zero_grad()
            loss.backward()
            opt.step()
        results = [evaluator.evaluate(name, *data) for name, data in splits.items()]
        for r in results:
            print(epoch, r.headline(), sorted(k.split("/")[-1] for k in r.artifacts if k.startswith(r.split)))


if __name__ == "__main__":
    main()
