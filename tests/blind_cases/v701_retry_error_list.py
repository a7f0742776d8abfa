"""Shard reader with a retry decorator around flaky batch loading."""
import functools
import time

import torch
import torch.nn as nn


class TransientReadError(IOError):
    pass


def retry(times=3, exceptions=(IOError,), backoff=0.0):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            errors = []
            for attempt in range(times):
                try:
                    return fn(*args, **kwargs)
                except exceptions as e:
                    errors.append(e)  # cycle
                    if backoff:
                        time.sleep(backoff * (2 ** attempt))
            raise RuntimeError(
                f"{fn.__name__} failed after {times} attempts: "
                + "; ".join(str(err) for err in errors)
            )
        return wrapper
    return decorate


class ShardReader:
    def __init__(self, num_shards, rows, dim, flaky_every=3):
        self.num_shards = num_shards
        self.rows = rows
        self.dim = dim
        self.flaky_every = flaky_every
        self._reads = 0

    @retry(times=3, exceptions=(TransientReadError,))
    def read(self, shard_id):
        self._reads += 1
        buf = torch.randn(self.rows, self.dim)
        if self._reads % self.flaky_every == 0:
            raise TransientReadError(f"short read on shard {shard_id}")
        labels = (buf.sum(dim=1) > 0).long()
        return buf, labels


def train_on_shards(model, opt, reader):
    losses = []
    for shard in range(reader.num_shards):
        x, y = reader.read(shard)
        logits = model(x)
        loss = nn.functional.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return sum(losses) / len(losses)


def main():
    model = nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Linear(24, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    reader = ShardReader(num_shards=6, rows=16, dim=12)
    for epoch in range(2):
        avg = train_on_shards(model, opt, reader)
        print(f"epoch {epoch}: loss {avg:.4f}")


if __name__ == "__main__":
    main()
