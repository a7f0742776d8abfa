"""Shadow-replays recorded traffic against each new model version before promotion."""
import asyncio

import torch
import torch.nn as nn

from monitor import DRIFT
from service import IntentService

CONFIG = {
    "features": 12,
    "hidden": 24,
    "classes": 4,
    "max_batch": 8,
    "versions": ["2024-05-01", "2024-05-08"],
    "requests_per_version": 20,
    "max_divergence": 0.5,
}


def build_model(cfg):
    return nn.Sequential(
        nn.Linear(cfg["features"], cfg["hidden"]), nn.ReLU(), nn.Linear(cfg["hidden"], cfg["classes"])
    )


async def replay(service, recorded):
    worker = asyncio.create_task(service.run_batches())
    labels = await asyncio.gather(*(service.submit(x) for x in recorded))
    await service.queue.put(None)
    await worker
    return labels


def main():
    torch.manual_seed(0)
    reference = torch.full((CONFIG["classes"],), 1.0 / CONFIG["classes"])
    for version in CONFIG["versions"]:
        service = IntentService(build_model(CONFIG), version, CONFIG["max_batch"])
        recorded = [torch.randn(CONFIG["features"]) for _ in range(CONFIG["requests_per_version"])]
        labels = asyncio.run(replay(service, recorded))
        drift = DRIFT.divergence(reference)
        verdict = "promote" if drift < CONFIG["max_divergence"] else "hold"
        print(f"{version}: {service.batches} batches, label histogram "
              f"{[labels.count(c) for c in range(CONFIG['classes'])]}, drift {drift:.3f} -> {verdict}")


if __name__ == "__main__":
    main()
