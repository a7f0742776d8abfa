"""Replays bursts of traffic against the intent server and prints the SLA report."""
import asyncio

import torch

from server import IntentHead, InferenceServer

CONFIG = {"dim": 16, "bursts": [6, 3, 5], "gap_s": 0.004, "sla_ms": 3.0}


async def replay(server, bursts, dim):
    replies = []
    for burst_id, size in enumerate(bursts):
        calls = [server.handle(f"b{burst_id}-r{i}", torch.randn(dim)) for i in range(size)]
        replies.extend(await asyncio.gather(*calls))
        await asyncio.sleep(CONFIG["gap_s"])
    return replies


async def serve_once(seed):
    torch.manual_seed(seed)
    server = InferenceServer(IntentHead(CONFIG["dim"]), sla_ms=CONFIG["sla_ms"])
    await server.start()
    try:
        replies = await replay(server, CONFIG["bursts"], CONFIG["dim"])
    finally:
        await server.stop()
    return len(replies), server.watchdog.summary()


def main():
    for seed in range(2):
        served, slow = asyncio.run(serve_once(seed))
        print(f"run {seed}: served={served} slow={len(slow)} {slow[:3]}")


if __name__ == "__main__":
    main()
