"""Online evaluation through an async inference server with per-request deadlines.

Every epoch the trainer replays a mixed workload of small and large requests
against a fresh server; requests that miss their deadline are answered with
the timeout error, stripped of its traceback to keep the reply light."""
import asyncio
import time
from dataclasses import dataclass
from typing import Optional

import torch
import torch.nn as nn

CONFIG = {
    "features": 16,
    "classes": 3,
    "epochs": 3,
    "train_steps": 6,
    "chunk": 8,
    "chunk_delay_s": 0.01,
    "workload": [(8, 0.2), (48, 0.02), (16, 0.2), (64, 0.02), (8, 0.2)],
}


@dataclass
class Request:
    rid: int
    inputs: torch.Tensor
    targets: torch.Tensor
    deadline_s: float
    output: Optional[torch.Tensor] = None
    error: Optional[BaseException] = None
    latency_s: float = 0.0


class EvalServer:
    def __init__(self, model, chunk, chunk_delay_s):
        self.model = model
        self.chunk = chunk
        self.chunk_delay_s = chunk_delay_s
        self.completed = []

    async def _infer(self, req):
        outs = []
        for part in req.inputs.split(self.chunk):
            with torch.no_grad():
                outs.append(self.model(part))
            await asyncio.sleep(self.chunk_delay_s)
        return torch.cat(outs)

    async def handle(self, req):
        start = time.perf_counter()
        try:
            req.output = await asyncio.wait_for(self._infer(req), timeout=req.deadline_s)
        except asyncio.TimeoutError as exc:
            req.error = exc.with_traceback(None)  # cycle
        req.latency_s = time.perf_counter() - start
        self.completed.append(req)
        return req

    def summary(self):
        ok = [r for r in self.completed if r.error is None]
        correct = sum(int((r.output.argmax(1) == r.targets).sum()) for r in ok)
        total = sum(r.targets.numel() for r in ok)
        return {
            "served": len(ok),
            "timeouts": len(self.completed) - len(ok),
            "accuracy": correct / max(total, 1),
        }


async def replay(server, requests):
    await asyncio.gather(*(server.handle(r) for r in requests))
    return server.summary()


def make_requests(cfg, gen):
    reqs = []
    for rid, (rows, deadline) in enumerate(cfg["workload"]):
        x = torch.randn(rows, cfg["features"], generator=gen)
        y = (x[:, 0] > 0).long() + (x[:, 1] > 0.5).long()
        reqs.append(Request(rid, x, y, deadline))
    return reqs


def main():
    cfg = CONFIG
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    model = nn.Sequential(nn.Linear(cfg["features"], 32), nn.Tanh(), nn.Linear(32, cfg["classes"]))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["train_steps"]):
            x = torch.randn(32, cfg["features"], generator=gen)
            y = (x[:, 0] > 0).long() + (x[:, 1] > 0.5).long()
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        server = EvalServer(model, cfg["chunk"], cfg["chunk_delay_s"])
        stats = asyncio.run(replay(server, make_requests(cfg, gen)))
        print(f"epoch {epoch}: loss {loss.item():.3f} {stats}")


if __name__ == "__main__":
    main()
