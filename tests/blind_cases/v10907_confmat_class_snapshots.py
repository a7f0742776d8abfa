"""Confusion matrix with cached per-class statistics taken as count snapshots."""
import copy
from functools import cached_property
from typing import NamedTuple

import torch
import torch.nn as nn

CLASSES = ("cat", "dog", "bird", "fish")
RUN = {"epochs": 3, "steps": 6, "val_steps": 3, "batch": 32, "lr": 0.05}


class ClassStats(NamedTuple):
    name: str
    tp: int
    fp: int
    fn: int

    @property
    def support(self):
        return self.tp + self.fn

    def f1(self):
        denom = 2 * self.tp + self.fp + self.fn
        return 2 * self.tp / denom if denom else 0.0


class ConfusionMatrix:
    def __init__(self, class_names):
        self.class_names = list(class_names)
        n = len(self.class_names)
        self.counts = torch.zeros(n, n, dtype=torch.long)
        self.frozen = False

    def update(self, logits, target):
        if self.frozen:
            raise RuntimeError("per-class statistics were already read; create a new matrix")
        n = len(self.class_names)
        pred = logits.argmax(dim=-1)
        self.counts += torch.bincount(target * n + pred, minlength=n * n).view(n, n)

    @cached_property
    def per_class(self):
        self.frozen = True
        tp = self.counts.diag()
        fp = self.counts.sum(0) - tp
        fn = self.counts.sum(1) - tp
        return [ClassStats(name, int(tp[i]), int(fp[i]), int(fn[i])) for i, name in enumerate(self.class_names)]

    def summary(self):
        stats = self.per_class
        total = max(1, sum(s.support for s in stats))
        return {
            "accuracy": sum(s.tp for s in stats) / total,
            "macro_f1": sum(s.f1() for s in stats) / len(stats),
            "weighted_f1": sum(s.f1() * s.support for s in stats) / total,
        }


def loader(steps, batch, seed):
    gen = torch.Generator().manual_seed(seed)
    for _ in range(steps):
        x = torch.randn(batch, 8, generator=gen)
        yield x, (x[:, 0] > 0).long() * 2 + (x[:, 1] > 0).long()


def evaluate(model, seed):
    matrix = ConfusionMatrix(CLASSES)
    model.eval()
    with torch.no_grad():
        for x, y in loader(RUN["val_steps"], RUN["batch"], seed):
            matrix.update(model(x), y)
    model.train()
    for s in matrix.per_class:
        print(f"{s.name:>6} tp={s.tp:<3} fp={s.fp:<3} fn={s.fn:<3} f1={s.f1():.3f}")
    return matrix.summary()


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, len(CLASSES)))
    opt = torch.optim.SGD(model.parameters(), lr=RUN["lr"], momentum=0.9)
    best_score, best_state = -1.0, None
    for epoch in range(RUN["epochs"]):
        for x, y in loader(RUN["steps"], RUN["batch"], seed=epoch):
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        scores = evaluate(model, seed=999)
        if scores["macro_f1"] > best_score:
            best_score, best_state = scores["macro_f1"], copy.deepcopy(model.state_dict())
    model.load_state_dict(best_state)
    print(f"restored best macro-F1 {best_score:.3f}")


if __name__ == "__main__":
    main()
