"""Dashboard refresh rounds: concurrent layer-statistics requests with a deadline each."""
import asyncio

import torch

from probe import ActivationProbe

CONFIG = {
    "model": "encoder-small",
    "in_dim": 32,
    "rounds": 3,
    "layers": ["1", "3", "5", "3", "1"],
    "transfer_s": 0.02,
    "deadline_s": 0.05,
}


async def serve_one(probe, layer, x, lock, deadline_s):
    try:
        return await asyncio.wait_for(probe.layer_stats(layer, x, lock), timeout=deadline_s)
    except asyncio.TimeoutError:
        return {"layer": layer, "timeout": True}


async def refresh(probe, cfg, gen):
    lock = asyncio.Lock()
    requests = []
    for layer in cfg["layers"]:
        x = torch.randn(8, cfg["in_dim"], generator=gen)
        requests.append(serve_one(probe, layer, x, lock, cfg["deadline_s"]))
    return await asyncio.gather(*requests)


def main():
    gen = torch.Generator().manual_seed(0)
    for rnd in range(CONFIG["rounds"]):
        probe = ActivationProbe(CONFIG["model"], CONFIG["transfer_s"])
        panels = asyncio.run(refresh(probe, CONFIG, gen))
        served = [p for p in panels if not p.get("timeout")]
        sparsity = sum(p["sparsity"] for p in served) / max(len(served), 1)
        print(f"round {rnd}: {len(served)}/{len(panels)} panels, mean sparsity {sparsity:.3f}")


if __name__ == "__main__":
    main()
