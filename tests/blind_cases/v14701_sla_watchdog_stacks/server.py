"""Micro-batching intent classifier served from one asyncio loop."""
import asyncio
import contextlib
import time

import torch
import torch.nn as nn

from watchdog import SlaWatchdog


class IntentHead(nn.Module):
    def __init__(self, dim=16, n_intents=5):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Linear(32, n_intents))

    def forward(self, x):
        return self.net(x).softmax(-1)


class InferenceServer:
    def __init__(self, model, max_batch=4, max_wait_s=0.008, sla_ms=3.0):
        self.model = model.eval()
        self.max_batch = max_batch
        self.max_wait_s = max_wait_s
        self.inflight = {}
        self.watchdog = SlaWatchdog(self.inflight, sla_ms / 1000.0)  # cycle
        self._queue = None
        self._tasks = []

    async def start(self):
        self._queue = asyncio.Queue()
        self._tasks = [asyncio.create_task(self._batch_loop()),
                       asyncio.create_task(self.watchdog.run())]

    async def stop(self):
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []

    async def handle(self, request_id, features):
        self.inflight[request_id] = (asyncio.current_task(), time.perf_counter())
        try:
            reply = asyncio.get_running_loop().create_future()
            await self._queue.put((features, reply))
            probs = await reply
            return {"id": request_id, "intent": int(probs.argmax()), "score": round(float(probs.max()), 4)}
        finally:
            self.inflight.pop(request_id, None)

    async def _batch_loop(self):
        while True:
            batch = [await self._queue.get()]
            deadline = time.perf_counter() + self.max_wait_s
            while len(batch) < self.max_batch:
                remaining = deadline - time.perf_counter()
                if remaining <= 0:
                    break
                try:
                    batch.append(await asyncio.wait_for(self._queue.get(), remaining))
                except asyncio.TimeoutError:
                    break
            with torch.no_grad():
                probs = self.model(torch.stack([feats for feats, _ in batch]))
            for (_, reply), row in zip(batch, probs):
                reply.set_result(row)
