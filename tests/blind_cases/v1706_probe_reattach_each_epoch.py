"""Activation-statistics probe that is attached for training epochs and detached for validation."""
import collections
import functools

import torch
import torch.nn as nn


class ActivationStats:
    def __init__(self, model, kinds=(nn.Linear,)):
        self.model = model  # cycle
        self.kinds = kinds
        self.history = collections.defaultdict(list)
        self._handles = []

    def attach(self):
        handles = []
        for name, module in self.model.named_modules():
            if isinstance(module, self.kinds):
                handles.append(module.register_forward_hook(functools.partial(self._record, name)))  # cycle
        self._handles = handles
        return self

    def detach(self):
        for handle in self._handles:
            handle.remove()
        self._handles = []

    def _record(self, name, module, inputs, output):
        if module.training:
            self.history[name].append(output.detach().abs().mean().item())


class Trainer:
    def __init__(self, model, val_every=2):
        self.model = model
        self.opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
        self.stats = ActivationStats(model)
        self.val_every = val_every

    def train_epoch(self, batches):
        self.model.train()
        for x, y in batches:
            loss = nn.functional.cross_entropy(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()

    @torch.no_grad()
    def validate(self, batches):
        self.model.eval()
        correct = sum((self.model(x).argmax(1) == y).sum().item() for x, y in batches)
        return correct / sum(len(y) for _, y in batches)

    def fit(self, train_batches, val_batches, epochs):
        scores = []
        for epoch in range(epochs):
            self.stats.attach()
            self.train_epoch(train_batches)
            if (epoch + 1) % self.val_every == 0:
                self.stats.detach()
                scores.append(self.validate(val_batches))
        return scores


def make_batches(n, bs=16):
    return [(torch.randn(bs, 12), torch.randint(0, 3, (bs,))) for _ in range(n)]


def main():
    for run in range(2):
        model = nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Linear(24, 3))
        trainer = Trainer(model)
        trainer.fit(make_batches(3), make_batches(2), epochs=4)


if __name__ == "__main__":
    main()
