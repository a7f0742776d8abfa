"""Pairwise reranker trained against an async feature store through a sync bridge.

The feature store client is asyncio-native; the trainer is synchronous, so a
long-lived asyncio.Runner is kept per trial instead of spinning up a loop per
call. Per-request tracing uses a ContextVar, entered through an async context
manager, so deep helpers can log without threading a scope argument through
every call."""
import asyncio
import contextlib
import contextvars
from dataclasses import dataclass, field

import torch
import torch.nn as nn

CONFIG = {
    "num_items": 200,
    "dim": 16,
    "batch": 12,
    "steps": 5,
    "trial_lrs": [1e-2, 3e-3, 1e-3],
}

_request_scope = contextvars.ContextVar("request_scope", default=None)


@dataclass
class RequestScope:
    bridge: "FeatureBridge"
    step: int
    events: list = field(default_factory=list)


@contextlib.asynccontextmanager
async def request_scope(bridge, step):
    token = _request_scope.set(RequestScope(bridge=bridge, step=step))
    try:
        yield _request_scope.get()
    finally:
        _request_scope.reset(token)


def trace(event, **fields):
    scope = _request_scope.get()
    if scope is not None:
        scope.events.append((event, fields))


class FeatureStore:
    def __init__(self, num_items, dim):
        self.table = torch.randn(num_items, dim)

    async def lookup(self, ids):
        trace("lookup", n=len(ids))
        await asyncio.sleep(0)
        return self.table[ids]


class FeatureBridge:
    def __init__(self, store):
        self.store = store
        self._runner = asyncio.Runner()
        self.stats = {"calls": 0, "events": 0}

    async def _fetch(self, step, query_ids, pos_ids, neg_ids):
        async with request_scope(self, step) as scope:
            feats = await asyncio.gather(
                self.store.lookup(query_ids), self.store.lookup(pos_ids), self.store.lookup(neg_ids)
            )
        self.stats["events"] += len(scope.events)
        return feats

    def fetch(self, step, query_ids, pos_ids, neg_ids):
        self.stats["calls"] += 1
        return self._runner.run(self._fetch(step, query_ids, pos_ids, neg_ids))

    def close(self):
        self._runner.close()


class BilinearScorer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim, bias=False)

    def forward(self, q, d):
        return (self.proj(q) * d).sum(-1)


def run_trial(store, lr, cfg, gen):
    model = BilinearScorer(cfg["dim"])
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    bridge = FeatureBridge(store)
    losses = []
    for step in range(cfg["steps"]):
        ids = torch.randint(0, cfg["num_items"], (3, cfg["batch"]), generator=gen)
        q, pos, neg = bridge.fetch(step, ids[0], ids[1], ids[2])
        margin = model(q, pos) - model(q, neg)
        loss = nn.functional.softplus(-margin).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    bridge.close()
    return losses[-1], dict(bridge.stats)


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(1)
    store = FeatureStore(CONFIG["num_items"], CONFIG["dim"])
    for lr in CONFIG["trial_lrs"]:
        final, stats = run_trial(store, lr, CONFIG, gen)
        print(f"lr={lr:g} final={final:.4f} calls={stats['calls']} events={stats['events']}")


if __name__ == "__main__":
    main()
