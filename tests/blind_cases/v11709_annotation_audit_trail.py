"""Weak labels refined by model pseudo-labels and spot-check reviews, with a per-annotation audit trail."""
import random

import torch
import torch.nn as nn


class Reviewer:
    def __init__(self, name, accuracy):
        self.name = name
        self.accuracy = accuracy
        self.reviewed = 0

    def verdict(self, true_label, classes, rng):
        self.reviewed += 1
        return true_label if rng.random() < self.accuracy else rng.randrange(classes)


class Annotation:
    def __init__(self, sample_id, label, source):
        self.sample_id = sample_id
        self.label = label
        self.source = source
        self.soft_label = None
        self.reviewer = None
        self.history = []

    def revise(self, **changes):
        self.history.append({**vars(self), "revision": len(self.history)})  # cycle
        for key, value in changes.items():
            setattr(self, key, value)


def keyword_rule(x):
    return int(x[0] > 0.0) + int(x[1] > 0.5)


def run_fold(fold, x, truth, reviewers, rng, classes=3):
    store = {i: Annotation(i, keyword_rule(x[i]), "rule:keyword") for i in range(len(x))}
    model = nn.Sequential(nn.Linear(x.shape[1], 16), nn.ReLU(), nn.Linear(16, classes))
    opt = torch.optim.Adam(model.parameters(), lr=0.02)
    for rnd in range(3):
        y = torch.tensor([store[i].label for i in range(len(x))])
        for _ in range(15):
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            probs = model(x).softmax(-1)
        conf, pred = probs.max(1)
        for i in torch.nonzero(conf > 0.8).flatten().tolist():
            if int(pred[i]) != store[i].label:
                store[i].revise(label=int(pred[i]), source=f"model:round{rnd}", soft_label=probs[i])
        for i in conf.argsort()[:5].tolist():
            reviewer = reviewers[rng.randrange(len(reviewers))]
            store[i].revise(label=reviewer.verdict(int(truth[i]), classes, rng),
                            source="human", reviewer=reviewer)
    agree = sum(int(a.label == int(truth[i])) for i, a in store.items()) / len(store)
    revised = sum(1 for a in store.values() if a.history)
    print(f"fold {fold}: loss {loss.item():.3f}, label accuracy {agree:.2f}, revised {revised}")


def main():
    rng = random.Random(0)
    torch.manual_seed(0)
    x = torch.randn(60, 4)
    truth = (x[:, 0] > 0).long() + (x[:, 1] > 0.3).long()
    reviewers = [Reviewer("ann-1", 0.95), Reviewer("ann-2", 0.8)]
    for fold in range(3):
        keep = torch.arange(len(x)) % 3 != fold
        run_fold(fold, x[keep], truth[keep], reviewers, rng)


if __name__ == "__main__":
    main()
