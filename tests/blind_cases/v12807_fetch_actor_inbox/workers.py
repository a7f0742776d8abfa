"""Fetch workers: each one owns an inbox of shard requests and answers the sender."""
import asyncio
from dataclasses import dataclass

import torch


@dataclass
class FetchRequest:
    shard: int
    epoch: int
    reply_to: object


class FetchWorker:
    def __init__(self, wid, rows, features, classes):
        self.wid = wid
        self.rows = rows
        self.features = features
        self.classes = classes
        self.inbox = asyncio.Queue()  # cycle
        self.served = 0

    async def _load(self, shard, epoch):
        await asyncio.sleep(0)
        g = torch.Generator().manual_seed(shard * 97 + epoch)
        x = torch.randn(self.rows, self.features, generator=g)
        y = torch.randint(0, self.classes, (self.rows,), generator=g)
        return x, y

    async def run(self):
        while True:
            req = await self.inbox.get()
            try:
                batch = await self._load(req.shard, req.epoch)
                await req.reply_to.deliver(self.wid, req.shard, batch)
                self.served += 1
            finally:
                self.inbox.task_done()
