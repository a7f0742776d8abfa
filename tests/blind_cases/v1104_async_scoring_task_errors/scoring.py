"""Concurrent evaluation of validation shards with asyncio.

Shards are scored as independent tasks so that slow I/O-bound pre-processing
(simulated with ``asyncio.sleep``) overlaps; shards whose loss is not finite
are reported instead of poisoning the mean.
"""
import asyncio
import math
from typing import NamedTuple

import torch
import torch.nn as nn


class ShardScore(NamedTuple):
    shard: int
    loss: float
    n: int


class NonFiniteLoss(ArithmeticError):
    pass


class AsyncEvaluator:
    def __init__(self, model, delay=0.0):
        self.model = model
        self.delay = delay
        self.pending = []

    async def _score(self, shard, x, y):
        await asyncio.sleep(self.delay)
        with torch.no_grad():
            loss = nn.functional.mse_loss(self.model(x), y).item()
        if not math.isfinite(loss):
            raise NonFiniteLoss("shard %d: loss=%r" % (shard, loss))
        return ShardScore(shard, loss, x.shape[0])

    async def evaluate(self, shards):
        self.model.eval()
        for i, (x, y) in enumerate(shards):
            self.pending.append(asyncio.create_task(self._score(i, x, y)))  # cycle
        outcomes = await asyncio.gather(*self.pending, return_exceptions=True)
        good = [o for o in outcomes if isinstance(o, ShardScore)]
        bad = len(outcomes) - len(good)
        n = sum(s.n for s in good)
        mean = sum(s.loss * s.n for s in good) / max(n, 1)
        self.model.train()
        return mean, bad
