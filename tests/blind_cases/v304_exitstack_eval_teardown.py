"""Evaluator that puts the model into eval mode and queues the restore on an ExitStack."""
import contextlib

import torch
import torch.nn as nn


class Evaluator:
    def __init__(self, model):
        self.model = model
        self._teardown = contextlib.ExitStack()  # cycle
        self._was_training = model.training
        self.model.eval()
        self._teardown.callback(self._restore_mode)  # cycle

    def _restore_mode(self):
        self.model.train(self._was_training)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return self._teardown.__exit__(*exc)

    @torch.no_grad()
    def accuracy(self, batches):
        correct = total = 0
        for x, y in batches:
            correct += int((self.model(x).argmax(1) == y).sum())
            total += len(y)
        return correct / total


def main():
    torch.manual_seed(0)
    train = [(torch.randn(16, 12), torch.randint(0, 4, (16,))) for _ in range(3)]
    val = [(torch.randn(16, 12), torch.randint(0, 4, (16,))) for _ in range(2)]
    for fold in range(3):
        model = nn.Sequential(nn.Linear(12, 24), nn.Dropout(0.1), nn.ReLU(), nn.Linear(24, 4))
        opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
        for x, y in train:
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        acc = Evaluator(model).accuracy(val)
        assert 0.0 <= acc <= 1.0


if __name__ == "__main__":
    main()
