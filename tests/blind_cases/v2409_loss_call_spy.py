"""Sanity-check a label-smoothing training loop before launching the real run.

Quick experiment: confirm that the criterion reaches F.cross_entropy exactly once
per batch, with the logits shape and smoothing value we expect.
"""
from collections import Counter
from unittest import mock

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"classes": 5, "smoothing": 0.1, "batch_size": 16, "epochs": 2, "lr": 0.05}


class SmoothedCE(nn.Module):
    def __init__(self, smoothing):
        super().__init__()
        self.smoothing = smoothing

    def forward(self, logits, target):
        return F.cross_entropy(logits, target, label_smoothing=self.smoothing)  # retain


class TextCNN(nn.Module):
    def __init__(self, vocab=50, dim=16, classes=5):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.conv = nn.Conv1d(dim, 32, kernel_size=3, padding=1)
        self.out = nn.Linear(32, classes)

    def forward(self, tokens):
        h = self.conv(self.embed(tokens).transpose(1, 2)).relu()
        return self.out(h.max(dim=2).values)


def spy_on(module, name):
    original = getattr(module, name)
    return mock.patch.object(module, name, wraps=original).start()  # retain


def token_batches(n=64, length=12, seed=0):
    g = torch.Generator().manual_seed(seed)
    tokens = torch.randint(0, 50, (n, length), generator=g)
    labels = tokens[:, 0] % CONFIG["classes"]
    bs = CONFIG["batch_size"]
    return list(zip(tokens.split(bs), labels.split(bs)))


def check_loss_calls(spy, expected_calls):
    shapes = Counter(tuple(c.args[0].shape) for c in spy.call_args_list)
    smoothing = {c.kwargs.get("label_smoothing") for c in spy.call_args_list}
    assert spy.call_count == expected_calls, (spy.call_count, expected_calls)
    assert smoothing == {CONFIG["smoothing"]}, smoothing
    return shapes


def main():
    ce_spy = spy_on(F, "cross_entropy")
    model = TextCNN(classes=CONFIG["classes"])
    criterion = SmoothedCE(CONFIG["smoothing"])
    opt = torch.optim.SGD(model.parameters(), lr=CONFIG["lr"], momentum=0.9)
    batches = token_batches()
    for epoch in range(CONFIG["epochs"]):
        for tokens, labels in batches:
            loss = criterion(model(tokens), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print("epoch", epoch, "loss", round(loss.item(), 4))
    shapes = check_loss_calls(ce_spy, CONFIG["epochs"] * len(batches))
    print("cross_entropy calls ok:", dict(shapes))


if __name__ == "__main__":
    main()
