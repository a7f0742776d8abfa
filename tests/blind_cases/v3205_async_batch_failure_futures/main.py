"""Dynamic-batching worker; clients retry on their own when a shared batch fails."""
import asyncio

import torch
import torch.nn as nn

from queueing import BatchQueue


class Embedder(nn.Module):
    def __init__(self, dim=8, out=4):
        super().__init__()
        self.fc = nn.Linear(dim, out)

    def forward(self, x):
        return nn.functional.normalize(self.fc(x), dim=-1)


class BatchWorker:
    def __init__(self, model, queue, max_batch=4):
        self.model = model.eval()
        self.queue = queue
        self.max_batch = max_batch
        self.failed_batches = 0

    @torch.no_grad()
    def _forward(self, items):
        return self.model(torch.stack([it.tensor for it in items]))

    async def run_once(self):
        batch = self.queue.take(self.max_batch)
        if not batch:
            return 0
        try:
            out = self._forward(batch)
        except RuntimeError as err:
            self.failed_batches += 1
            for item in batch:
                item.future.set_exception(err)  # cycle
            return len(batch)
        for item, row in zip(batch, out):
            item.future.set_result(row)
        return len(batch)

    async def drain(self):
        while len(self.queue):
            await self.run_once()
            await asyncio.sleep(0)


async def client(queue, tensor, expected_dim=8, max_attempts=3):
    for attempt in range(max_attempts):
        fut = queue.put(tensor, attempt)
        try:
            return (await fut).tolist()
        except RuntimeError:
            if tensor.shape[-1] != expected_dim:
                break
            await asyncio.sleep(0)
    return None


async def serve(model, requests):
    queue = BatchQueue()
    worker = BatchWorker(model, queue, max_batch=4)
    tasks = [asyncio.create_task(client(queue, t)) for t in requests]
    await asyncio.sleep(0)
    while not all(t.done() for t in tasks):
        await worker.drain()
        await asyncio.sleep(0)
    return [t.result() for t in tasks], worker.failed_batches


def main():
    torch.manual_seed(0)
    model = Embedder()
    for round_ in range(2):
        requests = [torch.randn(8) for _ in range(6)]
        requests[2 + round_] = torch.randn(7)
        results, failed = asyncio.run(serve(model, requests))
        print(round_, failed, [r is None for r in results])


if __name__ == "__main__":
    main()
