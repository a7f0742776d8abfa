"""Coordinator that fans shard requests out to fetch workers and feeds the trainer."""
import asyncio

from workers import FetchRequest, FetchWorker


class Coordinator:
    def __init__(self, cfg):
        self.cfg = cfg
        self.workers = [  # cycle
            FetchWorker(i, cfg["rows"], cfg["features"], cfg["classes"]) for i in range(cfg["workers"])
        ]
        self.ready = asyncio.Queue(maxsize=cfg["max_ready"])
        self.consumed = []

    def schedule(self, shards, epoch):
        for i, shard in enumerate(shards):
            worker = self.workers[i % len(self.workers)]
            worker.inbox.put_nowait(FetchRequest(shard, epoch, reply_to=self))  # cycle

    async def deliver(self, wid, shard, batch):
        await self.ready.put((wid, shard, batch))

    async def run_epoch(self, train_step, max_steps):
        tasks = [asyncio.create_task(w.run(), name=f"fetch-{w.wid}") for w in self.workers]
        losses = []
        try:
            for _ in range(max_steps):
                wid, shard, (x, y) = await self.ready.get()
                losses.append(train_step(x, y))
                self.consumed.append(shard)
        finally:
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        return losses
