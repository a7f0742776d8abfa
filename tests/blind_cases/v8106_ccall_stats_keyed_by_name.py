"""Sequence model whose validation pass is profiled per C function name."""
import functools
import sys
import time
from collections import defaultdict

import torch
import torch.nn as nn

C_PROFILE = defaultdict(lambda: [0, 0.0])


def _callable_name(fn):
    owner = getattr(fn, "__self__", None)
    name = getattr(fn, "__name__", "?")
    if owner is None or isinstance(owner, type) or type(owner).__name__ == "module":
        return getattr(fn, "__qualname__", name)
    return f"{type(owner).__name__}.{name}"


def profile_c_calls(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        stack = []

        def hook(frame, event, arg):
            if event == "c_call":
                stack.append((_callable_name(arg), time.perf_counter()))
            elif event in ("c_return", "c_exception") and stack:
                name, started = stack.pop()
                entry = C_PROFILE[name]
                entry[0] += 1
                entry[1] += time.perf_counter() - started

        previous = sys.getprofile()
        sys.setprofile(hook)
        try:
            return fn(*args, **kwargs)
        finally:
            sys.setprofile(previous)
    return wrapper


class GRUTagger(nn.Module):
    def __init__(self, vocab, dim, tags):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.proj = nn.Linear(dim, tags)

    def forward(self, tokens):
        hidden, _ = self.rnn(self.embed(tokens))
        return self.proj(hidden)


@profile_c_calls
def validate(model, batches):
    correct = total = 0
    for tokens, tags in batches:
        logits = model(tokens)
        correct += (logits.argmax(-1) == tags).sum().item()
        total += tags.numel()
    return correct / total


def make_batches(n, vocab, tags, length=7, batch=6):
    return [(torch.randint(0, vocab, (batch, length)), torch.randint(0, tags, (batch, length)))
            for _ in range(n)]


def main():
    model = GRUTagger(vocab=40, dim=16, tags=5)
    optimizer = torch.optim.RMSprop(model.parameters(), lr=5e-3)
    train, val = make_batches(4, 40, 5), make_batches(2, 40, 5)
    for epoch in range(3):
        for tokens, tags in train:
            logits = model(tokens)
            loss = nn.functional.cross_entropy(logits.reshape(-1, 5), tags.reshape(-1))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        acc = validate(model, val)
        slowest = max(C_PROFILE.items(), key=lambda kv: kv[1][1])
        print(f"epoch {epoch} val acc {acc:.2f}; slowest C call {slowest[0]} x{slowest[1][0]}")


if __name__ == "__main__":
    main()
