"""Shard-streaming regression trainer; shard reads go through a retry decorator that
reports every retry to the object that owns the decorated method."""
import collections
import dataclasses
import functools

import torch
import torch.nn as nn


@dataclasses.dataclass
class RetryState:
    target: str
    args: tuple
    kwargs: dict
    attempt: int
    error: str


class TransientReadError(OSError):
    pass


def retry(times=3, on_retry=None, retry_on=(TransientReadError,)):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for attempt in range(1, times + 1):
                try:
                    return fn(*args, **kwargs)
                except retry_on as exc:
                    if attempt == times:
                        raise
                    state = RetryState(fn.__qualname__, args, kwargs, attempt, repr(exc))  # cycle
                    if on_retry is not None:
                        getattr(args[0], on_retry)(state)

        return wrapper

    return decorate


class FlakyShardStore:
    """In-memory stand-in for an object store whose first read of some shards fails."""

    def __init__(self, num_shards, rows, dim, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.shards = [torch.randn(rows, dim, generator=g) for _ in range(num_shards)]
        self.reads = collections.Counter()

    def read(self, idx):
        self.reads[idx] += 1
        if idx % 3 == 1 and self.reads[idx] == 1:
            raise TransientReadError(f"shard {idx}: connection reset by peer")
        return self.shards[idx]


class ShardTrainer:
    def __init__(self, store, lr):
        self.store = store
        self.model = nn.Sequential(nn.Linear(8, 16), nn.SiLU(), nn.Linear(16, 1))
        self.opt = torch.optim.Adam(self.model.parameters(), lr=lr)
        self.retries = 0
        self.last_retry = None

    @retry(times=3, on_retry="_on_retry")
    def load_shard(self, idx):
        return self.store.read(idx)

    def _on_retry(self, state):
        self.retries += 1
        self.last_retry = state  # cycle

    def fit(self, epochs, batch=16):
        for _ in range(epochs):
            for idx in range(len(self.store.shards)):
                shard = self.load_shard(idx)
                for chunk in shard.split(batch):
                    target = chunk[:, :3].sum(1, keepdim=True)
                    loss = nn.functional.mse_loss(self.model(chunk), target)
                    self.opt.zero_grad()
                    loss.backward()
                    self.opt.step()
        return loss.item()


def main():
    for lr in (1e-2, 3e-3):
        trainer = ShardTrainer(FlakyShardStore(num_shards=5, rows=32, dim=8), lr)
        trainer.fit(epochs=2)
        assert trainer.retries == 2


if __name__ == "__main__":
    main()
