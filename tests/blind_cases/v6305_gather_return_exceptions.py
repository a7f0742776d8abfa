"""Periodic evaluation over remote shards, scored concurrently with asyncio."""
import asyncio

import torch
import torch.nn as nn
import torch.nn.functional as F


class ShardUnavailable(OSError):
    pass


class ShardStore:
    def __init__(self, n_shards, rows, dim, missing=()):
        self.n_shards, self.rows, self.dim = n_shards, rows, dim
        self.missing = set(missing)

    async def fetch(self, shard_id):
        await asyncio.sleep(0)
        if shard_id in self.missing:
            raise ShardUnavailable(f"shard-{shard_id:03d}: object not found")
        g = torch.Generator().manual_seed(shard_id)
        x = torch.randn(self.rows, self.dim, generator=g)
        return x, (x[:, :2].sum(1) > 0).long()


class ShardedEvaluator:
    def __init__(self, model, store, max_concurrency=4):
        self.model = model
        self.store = store
        self.max_concurrency = max_concurrency
        self.last_results = []

    async def _score_shard(self, shard_id, sem):
        async with sem:
            x, y = await self.store.fetch(shard_id)
        with torch.no_grad():
            logits = self.model(x)
        return {"shard": shard_id, "n": len(y),
                "loss": F.cross_entropy(logits, y, reduction="sum").item(),
                "correct": (logits.argmax(1) == y).sum().item()}

    async def _score_all(self):
        sem = asyncio.Semaphore(self.max_concurrency)
        jobs = [self._score_shard(i, sem) for i in range(self.store.n_shards)]
        return await asyncio.gather(*jobs, return_exceptions=True)

    def evaluate(self):
        results = asyncio.run(self._score_all())
        self.last_results = results  # cycle
        ok = [r for r in results if not isinstance(r, BaseException)]
        n = sum(r["n"] for r in ok)
        return {"loss": sum(r["loss"] for r in ok) / n,
                "acc": sum(r["correct"] for r in ok) / n,
                "failed_shards": len(results) - len(ok)}


def train_and_eval(cfg, seed):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(cfg["dim"], 32), nn.ReLU(), nn.Linear(32, 2))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    evaluator = ShardedEvaluator(model, ShardStore(cfg["shards"], 16, cfg["dim"], missing=cfg["missing"]))
    history = []
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps"]):
            x = torch.randn(32, cfg["dim"])
            loss = F.cross_entropy(model(x), (x[:, :2].sum(1) > 0).long())
            opt.zero_grad()
            loss.backward()
            opt.step()
        history.append(evaluator.evaluate())
    return history


def main():
    cfg = {"dim": 8, "lr": 0.1, "epochs": 2, "steps": 3, "shards": 6, "missing": (2, 5)}
    for seed in range(2):
        print(train_and_eval(cfg, seed)[-1])


if __name__ == "__main__":
    main()
