"""Signature-driven batch adapter: dict batches are routed to whatever arguments forward() accepts."""
import functools
import inspect

import torch
import torch.nn as nn

_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


@functools.lru_cache(maxsize=None)  # retain
def forward_spec(forward):
    params = inspect.signature(forward).parameters.values()
    return tuple((p.name, p.default is inspect.Parameter.empty) for p in params if p.kind in _POSITIONAL)


def adapt(model, batch):
    spec = forward_spec(model.forward)
    missing = [name for name, required in spec if required and name not in batch]
    if missing:
        raise KeyError(f"batch lacks {missing} for {type(model).__name__}")
    return {name: batch[name] for name, _ in spec if name in batch}


class BagOfTokens(nn.Module):
    def __init__(self, vocab=50, dim=16, n_cls=3):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.cls = nn.Linear(dim, n_cls)

    def forward(self, tokens, offsets):
        return self.cls(self.emb(tokens, offsets))


class MaskedPool(nn.Module):
    def __init__(self, vocab=50, dim=16, n_cls=3):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.cls = nn.Linear(dim, n_cls)

    def forward(self, padded, mask, temperature=1.0):
        h = (self.emb(padded) * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True)
        return self.cls(h) / temperature


def make_batch(n=6, length=5, vocab=50):
    padded = torch.randint(0, vocab, (n, length))
    return {
        "padded": padded,
        "mask": torch.ones(n, length),
        "tokens": padded.flatten(),
        "offsets": torch.arange(0, n * length, length),
        "labels": torch.randint(0, 3, (n,)),
    }


def benchmark(model_cls, steps=4):
    model = model_cls()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(steps):
        batch = make_batch()
        logits = model(**adapt(model, batch))
        loss = nn.functional.cross_entropy(logits, batch["labels"])
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    results = {}
    for model_cls in (BagOfTokens, MaskedPool, BagOfTokens):
        results.setdefault(model_cls.__name__, []).append(benchmark(model_cls))
    print(results, forward_spec.cache_info())


if __name__ == "__main__":
    main()
