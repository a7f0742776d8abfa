"""Replays a few rounds of embedding traffic, one fresh server per model build."""
import asyncio
import random

import torch

from context import RequestContext
from server import BagEncoder, EmbeddingServer

CONFIG = {
    "vocab": 512,
    "dim": 32,
    "out_dim": 16,
    "budget_s": 2.0,
    "min_remaining_s": 0.05,
    "max_concurrency": 3,
    "rounds": 3,
    "requests_per_round": 6,
}

WORDS = "refund late delivery broken screen cancel order upgrade plan invoice missing".split()


def make_requests(rng, n):
    contexts = []
    for i in range(n):
        texts = [" ".join(rng.choices(WORDS, k=rng.randint(3, 8))) for _ in range(rng.randint(1, 4))]
        contexts.append(RequestContext(f"tenant-{i % 2}", texts, CONFIG["budget_s"]))
    return contexts


async def serve_round(server, contexts):
    finished = await asyncio.gather(*(server.handle(ctx) for ctx in contexts))
    return [ctx.access_log() for ctx in finished]


def main():
    rng = random.Random(0)
    torch.manual_seed(0)
    for rnd in range(CONFIG["rounds"]):
        model = BagEncoder(CONFIG["vocab"], CONFIG["dim"], CONFIG["out_dim"])
        server = EmbeddingServer(model, CONFIG)
        logs = asyncio.run(serve_round(server, make_requests(rng, CONFIG["requests_per_round"])))
        ok = sum(1 for entry in logs if entry["status"] == "ok")
        worst = max(entry["latency_ms"] for entry in logs)
        print(f"round {rnd}: {ok}/{len(logs)} ok, slowest {worst:.2f} ms, served={server.served}")


if __name__ == "__main__":
    main()
