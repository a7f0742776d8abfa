"""GraNd/EL2N-style data pruning scores collected from the logits gradient during training."""
import functools
import itertools
from collections import defaultdict

import torch
import torch.nn as nn


class SampleScoreMonitor:
    def __init__(self):
        self._keys = itertools.count()
        self._inflight = {}
        self.grand = defaultdict(list)
        self.el2n = defaultdict(list)

    def watch(self, logits, targets, sample_ids):
        if not logits.requires_grad:
            return
        key = next(self._keys)
        self._inflight[key] = (sample_ids, targets, logits)  # retain
        logits.register_hook(functools.partial(self._on_grad, key))  # retain

    def _on_grad(self, key, grad):
        sample_ids, targets, logits = self._inflight.pop(key)
        with torch.no_grad():
            err = logits.softmax(-1) - nn.functional.one_hot(targets, logits.shape[1]).float()
            grand = grad.norm(dim=1) * grad.shape[0]
        for sid, g, e in zip(sample_ids, grand.tolist(), err.norm(dim=1).tolist()):
            self.grand[sid].append(g)
            self.el2n[sid].append(e)

    def prune_candidates(self, k):
        mean = {sid: sum(v) / len(v) for sid, v in self.grand.items()}
        return sorted(mean, key=mean.get)[:k]


class ScoredClassifier(nn.Module):
    def __init__(self, dim, classes, monitor):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Linear(32, classes))
        self.monitor = monitor

    def forward(self, x, targets=None, sample_ids=None):
        logits = self.body(x)
        if targets is not None and sample_ids is not None:
            self.monitor.watch(logits, targets, sample_ids)
        return logits


def main():
    torch.manual_seed(0)
    n, dim, classes = 96, 10, 3
    x = torch.randn(n, dim)
    y = torch.randint(0, classes, (n,))
    val_x, val_y = torch.randn(32, dim), torch.randint(0, classes, (32,))
    model = ScoredClassifier(dim, classes, SampleScoreMonitor())
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(3):
        perm = torch.randperm(n)
        for start in range(0, n, 32):
            idx = perm[start:start + 32]
            loss = nn.functional.cross_entropy(model(x[idx], y[idx], idx.tolist()), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        val_ids = list(range(n, n + len(val_y)))
        val_loss = nn.functional.cross_entropy(model(val_x, val_y, val_ids), val_y)
        model.train()
        print(f"epoch {epoch}: train {loss.item():.3f} val {val_loss.item():.3f}")
    print("prune first:", model.monitor.prune_candidates(8))


if __name__ == "__main__":
    main()
