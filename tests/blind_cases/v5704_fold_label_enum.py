"""Cross-validated text-intent classifier; each fold derives its label space from its training split."""
import random
from enum import Enum

import torch
import torch.nn as nn

INTENTS = ["greet", "book", "cancel", "refund", "status", "weather", "music"]
CFG = {"folds": 3, "samples": 120, "feat": 16, "steps": 4, "batch": 24, "lr": 0.2}


def make_corpus(n, feat, rng):
    rows = []
    for _ in range(n):
        intent = rng.choice(INTENTS)
        center = INTENTS.index(intent)
        rows.append((intent, [rng.gauss(center * 0.3, 1.0) for _ in range(feat)]))
    return rows


class FoldData:
    def __init__(self, rows, fold, n_folds):
        self.train_rows = [r for i, r in enumerate(rows) if i % n_folds != fold]
        self.val_rows = [r for i, r in enumerate(rows) if i % n_folds == fold]
        seen = sorted({intent for intent, _ in self.train_rows})
        self.Label = Enum("Label", seen, start=0)  # cycle

    @property
    def num_classes(self):
        return len(self.Label)

    def tensors(self, rows):
        rows = [r for r in rows if r[0] in self.Label.__members__]
        x = torch.tensor([feats for _, feats in rows])
        y = torch.tensor([self.Label[intent].value for intent, _ in rows])
        return x, y


def per_class_accuracy(data, logits, y):
    pred = logits.argmax(1)
    report = {}
    for label in data.Label:
        mask = y == label.value
        if mask.any():
            report[label.name] = (pred[mask] == label.value).float().mean().item()
    return report


def run_fold(rows, fold, cfg):
    data = FoldData(rows, fold, cfg["folds"])
    model = nn.Linear(cfg["feat"], data.num_classes)
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    x, y = data.tensors(data.train_rows)
    for step in range(cfg["steps"]):
        idx = torch.randperm(len(y))[: cfg["batch"]]
        loss = nn.functional.cross_entropy(model(x[idx]), y[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        vx, vy = data.tensors(data.val_rows)
        return per_class_accuracy(data, model(vx), vy)


def main():
    rng = random.Random(0)
    torch.manual_seed(0)
    rows = make_corpus(CFG["samples"], CFG["feat"], rng)
    for fold in range(CFG["folds"]):
        report = run_fold(rows, fold, CFG)
        print(fold, {k: round(v, 2) for k, v in report.items()})


if __name__ == "__main__":
    main()
