"""Intent classifier behind an asyncio micro-batching queue."""
import asyncio

import torch

from monitor import DRIFT


class IntentService:
    def __init__(self, model, version, max_batch):
        self.model = model.eval()
        self.version = version
        self.max_batch = max_batch
        self.queue = asyncio.Queue()
        self.batches = 0

    async def submit(self, features):
        fut = asyncio.get_running_loop().create_future()
        await self.queue.put((features, fut))
        return await fut

    async def run_batches(self):
        stopping = False
        while not stopping:
            items = [await self.queue.get()]
            while len(items) < self.max_batch and not self.queue.empty():
                items.append(self.queue.get_nowait())
            stopping = any(item is None for item in items)
            batch = [item for item in items if item is not None]
            if not batch:
                continue
            labels = await self.predict(torch.stack([features for features, _ in batch]))
            for (_, fut), label in zip(batch, labels):
                fut.set_result(label)
            self.batches += 1

    @torch.no_grad()
    async def predict(self, features):
        await asyncio.sleep(0)
        probs = self.model(features).softmax(-1)
        DRIFT.update(probs)
        return probs.argmax(-1).tolist()
