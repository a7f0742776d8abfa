"""Prefetches remote shards with asyncio on a private event loop and feeds a synchronous
training loop; each fold trains for a fixed step budget."""
import asyncio
import random

import torch
import torch.nn as nn

CONFIG = {"folds": 2, "shards": 12, "shard_rows": 16, "in_dim": 10, "steps": 5, "queue_depth": 2}


class FakeObjectStore:
    """Stands in for an HTTP object store: fetches take a little simulated latency."""

    def __init__(self, rows, in_dim, seed):
        self.rows, self.in_dim = rows, in_dim
        self.rng = random.Random(seed)

    async def get(self, shard_id):
        await asyncio.sleep(self.rng.random() * 1e-3)
        g = torch.Generator().manual_seed(shard_id)
        x = torch.randn(self.rows, self.in_dim, generator=g)
        return x, (x.sum(dim=1) > 0).long()


class AsyncShardPrefetcher:
    def __init__(self, store, shard_ids, depth=2):
        self.store = store
        self.shard_ids = list(shard_ids)
        self._loop = asyncio.new_event_loop()
        self._queue = asyncio.Queue(maxsize=depth)
        self._task = self._loop.create_task(self._fill())  # cycle

    async def _fill(self):
        for shard_id in self.shard_ids:
            shard = await self.store.get(shard_id)
            await self._queue.put(shard)
        await self._queue.put(None)

    def __iter__(self):
        return self

    def __next__(self):
        shard = self._loop.run_until_complete(self._queue.get())
        if shard is None:
            raise StopIteration
        return shard

    def close(self):
        if not self._loop.is_closed():
            self._loop.close()


def train_fold(fold, cfg):
    store = FakeObjectStore(cfg["shard_rows"], cfg["in_dim"], seed=fold)
    shard_ids = random.Random(fold).sample(range(100), cfg["shards"])
    prefetcher = AsyncShardPrefetcher(store, shard_ids, depth=cfg["queue_depth"])
    model = nn.Sequential(nn.Linear(cfg["in_dim"], 32), nn.ReLU(), nn.Linear(32, 2))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    try:
        for step, (x, y) in enumerate(prefetcher):
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if step + 1 == cfg["steps"]:
                break
    finally:
        prefetcher.close()
    return loss.item()


def main():
    for fold in range(CONFIG["folds"]):
        print("fold %d loss %.3f" % (fold, train_fold(fold, CONFIG)))


if __name__ == "__main__":
    main()
