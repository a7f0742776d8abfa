"""Synchronous re-ranking worker whose async feature fetches run on a shared bridge loop."""
import asyncio
import logging

import torch
import torch.nn as nn

log = logging.getLogger("serving.bridge")

_BRIDGE_LOOP = asyncio.new_event_loop()

CONFIG = {
    "dim": 16,
    "hidden": 32,
    "candidates": 20,
    "top_k": 5,
    "warmup_queries": 2,
    "versions": ["reranker-v3", "reranker-v4"],
    "queries": [11, 12, 13, 14],
}


class ReRanker(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.scorer = nn.Sequential(nn.Linear(dim, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, candidates):
        return self.scorer(candidates).squeeze(-1)


class InferenceWorker:
    def __init__(self, name, model, cfg):
        self.name = name
        self.model = model.eval()
        self.cfg = cfg
        self.loop_errors = []
        self.served = 0

    def start(self):
        _BRIDGE_LOOP.set_exception_handler(self._on_loop_error)  # retain
        for query_id in range(self.cfg["warmup_queries"]):
            self.rank(-1 - query_id)
        self.served = 0

    def _on_loop_error(self, loop, context):
        self.loop_errors.append(context.get("message", "unknown"))
        log.warning("%s: bridge loop error: %s", self.name, context.get("message"))

    async def _fetch_features(self, query_id):
        await asyncio.sleep(0)
        gen = torch.Generator().manual_seed(abs(query_id))
        return torch.randn(self.cfg["candidates"], self.cfg["dim"], generator=gen)

    async def _rank(self, query_id):
        feats = await self._fetch_features(query_id)
        with torch.no_grad():
            scores = self.model(feats)
        return scores.topk(self.cfg["top_k"]).indices.tolist()

    def rank(self, query_id):
        self.served += 1
        return _BRIDGE_LOOP.run_until_complete(self._rank(query_id))

    def healthy(self):
        return not self.loop_errors

    def stop(self):
        log.info("%s: served %d queries, %d loop errors", self.name, self.served, len(self.loop_errors))


def main():
    torch.manual_seed(0)
    previous = None
    for version in CONFIG["versions"]:
        worker = InferenceWorker(version, ReRanker(CONFIG["dim"], CONFIG["hidden"]), CONFIG)
        worker.start()
        rankings = {q: worker.rank(q) for q in CONFIG["queries"]}
        if previous is not None:
            overlap = sum(len(set(rankings[q]) & set(previous[q])) for q in rankings) / (
                len(rankings) * CONFIG["top_k"])
            print(f"{version}: top-{CONFIG['top_k']} overlap with previous version {overlap:.2f}")
        print(f"{version}: healthy={worker.healthy()} served={worker.served}")
        worker.stop()
        previous = rankings


if __name__ == "__main__":
    main()
