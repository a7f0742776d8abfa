"""Validation over sharded data with structured concurrency (asyncio.TaskGroup).

Shards that fail their checksum are excluded and the surviving shards are
re-scored; the evaluator only keeps shard ids and float metrics."""
import asyncio
import zlib

import torch
import torch.nn as nn

CONFIG = {
    "features": 12,
    "classes": 3,
    "rows": 24,
    "num_shards": 6,
    "corrupt": {2, 5},
    "epochs": 3,
    "steps": 5,
}


class ShardCorrupt(Exception):
    def __init__(self, shard_id, expected, got):
        super().__init__(f"shard {shard_id}: crc {got:#x} != {expected:#x}")
        self.shard_id = shard_id


class ShardSource:
    def __init__(self, cfg):
        self.cfg = cfg

    async def load(self, shard_id):
        await asyncio.sleep(0)
        g = torch.Generator().manual_seed(shard_id)
        x = torch.randn(self.cfg["rows"], self.cfg["features"], generator=g)
        y = torch.randint(0, self.cfg["classes"], (self.cfg["rows"],), generator=g)
        blob = x.numpy().tobytes()
        expected = zlib.crc32(blob) ^ (1 if shard_id in self.cfg["corrupt"] else 0)
        return x, y, expected, zlib.crc32(blob)


class ShardEvaluator:
    def __init__(self, model, source):
        self.model = model
        self.source = source
        self.skipped = set()

    async def _score_shard(self, shard_id):
        x, y, expected, got = await self.source.load(shard_id)
        if expected != got:
            raise ShardCorrupt(shard_id, expected, got)
        with torch.no_grad():
            logits = self.model(x)
        return nn.functional.cross_entropy(logits, y).item()

    async def evaluate(self, shard_ids):
        scores = {}
        pending = [s for s in shard_ids if s not in self.skipped]
        while pending:
            try:
                async with asyncio.TaskGroup() as tg:  # cycle
                    tasks = {sid: tg.create_task(self._score_shard(sid)) for sid in pending}  # cycle
            except* ShardCorrupt as group:
                self.skipped.update(err.shard_id for err in group.exceptions)
            for sid, task in tasks.items():
                if task.done() and not task.cancelled() and task.exception() is None:
                    scores[sid] = task.result()
            pending = [s for s in pending if s not in scores and s not in self.skipped]
        return scores


def main():
    cfg = CONFIG
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(cfg["features"], 24), nn.ReLU(), nn.Linear(24, cfg["classes"]))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps"]):
            x = torch.randn(16, cfg["features"])
            y = torch.randint(0, cfg["classes"], (16,))
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        evaluator = ShardEvaluator(model, ShardSource(cfg))
        scores = asyncio.run(evaluator.evaluate(range(cfg["num_shards"])))
        mean = sum(scores.values()) / len(scores)
        print(f"epoch {epoch}: val {mean:.4f} on {sorted(scores)} skipped {sorted(evaluator.skipped)}")


if __name__ == "__main__":
    main()
