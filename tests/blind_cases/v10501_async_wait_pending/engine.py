"""Async inference engine with admission control and simulated device latency."""
import asyncio
import dataclasses
from typing import List

import torch
import torch.nn as nn


@dataclasses.dataclass
class InferenceRequest:
    rid: int
    tokens: torch.Tensor
    priority: str = "interactive"


@dataclasses.dataclass
class InferenceResponse:
    rid: int
    status: int
    labels: List[int] = dataclasses.field(default_factory=list)


class InferenceEngine:
    def __init__(self, model: nn.Module, max_concurrency: int = 2, us_per_token: float = 150.0):
        self.model = model.eval()
        self.us_per_token = us_per_token
        self._slots = asyncio.Semaphore(max_concurrency)
        self.served = 0

    def _estimate_latency(self, req: InferenceRequest) -> float:
        # long prompts occupy the device proportionally longer
        return req.tokens.numel() * self.us_per_token * 1e-6

    async def handle(self, req: InferenceRequest) -> InferenceResponse:
        async with self._slots:
            with torch.no_grad():
                logits = self.model(req.tokens)
            await asyncio.sleep(self._estimate_latency(req))
            self.served += 1
            return InferenceResponse(req.rid, 200, logits.argmax(-1).tolist())
