"""Dynamic batcher that merges per-tier FIFO queues by effective deadline."""
import heapq
import itertools
from dataclasses import dataclass

import torch
import torch.nn as nn

CONFIG = {
    "max_batch": 4,
    "tier_slack_ms": {"interactive": 0.0, "standard": 40.0, "bulk": 250.0},
    "ticks": 4,
    "arrivals_per_tick": 5,
}


@dataclass
class Pending:
    rid: int
    tier: str
    deadline_ms: float
    x: torch.Tensor


class TieredBatcher:
    def __init__(self, model, max_batch, tier_slack_ms):
        self.model = model.eval()
        self.max_batch = max_batch
        self.tier_slack_ms = dict(tier_slack_ms)
        self.queues = {tier: [] for tier in tier_slack_ms}
        self._order = None
        self.completed = []

    def _effective_deadline(self, req):
        # bulk work is allowed to slip by its tier's slack before it outranks chat traffic
        return req.deadline_ms + self.tier_slack_ms[req.tier]

    def submit(self, req):
        self.queues[req.tier].append(req)

    def _next_batch(self):
        if self._order is None:
            window, self.queues = self.queues, {tier: [] for tier in self.queues}
            self._order = heapq.merge(*window.values(), key=self._effective_deadline)  # cycle
        batch = list(itertools.islice(self._order, self.max_batch))
        if len(batch) < self.max_batch:
            self._order = None
        return batch

    @torch.no_grad()
    def step(self):
        batch = self._next_batch()
        if not batch:
            return 0
        logits = self.model(torch.stack([r.x for r in batch]))
        for req, label in zip(batch, logits.argmax(-1).tolist()):
            self.completed.append((req.rid, req.tier, label))
        return len(batch)


def arrivals(tick, n, dim, rid0):
    tiers = ("interactive", "standard", "bulk")
    for i in range(n):
        yield Pending(rid0 + i, tiers[(tick + i) % 3], tick * 20.0 + i, torch.randn(dim))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 3))
    batcher = TieredBatcher(model, CONFIG["max_batch"], CONFIG["tier_slack_ms"])
    rid = 0
    for tick in range(CONFIG["ticks"]):
        for req in arrivals(tick, CONFIG["arrivals_per_tick"], 10, rid):
            batcher.submit(req)
        rid += CONFIG["arrivals_per_tick"]
        batcher.step()
    served = {t: sum(1 for _, tier, _ in batcher.completed if tier == t) for t in CONFIG["tier_slack_ms"]}
    print("served per tier:", served)


if __name__ == "__main__":
    main()
