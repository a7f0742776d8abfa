"""Step-based (not epoch-based) trainer: batches come from an endless stream
that reshuffles the in-memory dataset whenever it is exhausted."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class StepTrainer:
    def __init__(self, model, features, targets, batch_size=16, lr=0.1, warmup=3):
        self.model = model
        self.features = features
        self.targets = targets
        self.batch_size = batch_size
        self.opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.sched = torch.optim.lr_scheduler.LambdaLR(
            self.opt, lambda s: min(1.0, (s + 1) / warmup))
        self.epochs_seen = 0
        self._batches = self._endless_batches()  # cycle

    def _endless_batches(self):
        n = self.features.shape[0]
        while True:
            order = torch.randperm(n)
            for start in range(0, n - self.batch_size + 1, self.batch_size):
                idx = order[start:start + self.batch_size]
                yield self.features[idx], self.targets[idx]
            self.epochs_seen += 1

    def fit(self, max_steps):
        losses = []
        for step in range(max_steps):
            x, y = next(self._batches)
            loss = F.binary_cross_entropy_with_logits(self.model(x).squeeze(-1), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            self.sched.step()
            losses.append(loss.item())
        return losses


def make_data(n=40, d=6, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, d, generator=g)
    w = torch.randn(d, generator=g)
    y = (x @ w > 0).float()
    return x, y


def main():
    for seed in range(2):
        x, y = make_data(seed=seed)
        model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1))
        trainer = StepTrainer(model, x, y)
        losses = trainer.fit(max_steps=7)
        ppl_like = math.exp(sum(losses[-3:]) / 3)
        print(f"seed {seed}: epochs {trainer.epochs_seen}, tail exp-loss {ppl_like:.3f}")


if __name__ == "__main__":
    main()
