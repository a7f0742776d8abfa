"""Async scoring engine: admission control plus simulated accelerator time."""
import asyncio
import dataclasses
from typing import List, Optional

import torch
import torch.nn as nn


@dataclasses.dataclass
class ScoreRequest:
    rid: int
    tokens: torch.Tensor
    tenant: str = "default"


@dataclasses.dataclass
class ScoreResponse:
    rid: int
    status: int
    labels: List[int] = dataclasses.field(default_factory=list)
    detail: Optional[str] = None


class ScoringEngine:
    def __init__(self, model: nn.Module, max_concurrency: int = 2, us_per_token: float = 150.0):
        self.model = model.eval()
        self.us_per_token = us_per_token
        self._slots = asyncio.Semaphore(max_concurrency)
        self.completed = 0
        self.cancelled = 0

    def _device_time(self, req: ScoreRequest) -> float:
        return req.tokens.numel() * self.us_per_token * 1e-6

    async def handle(self, req: ScoreRequest) -> ScoreResponse:
        try:
            async with self._slots:
                with torch.no_grad():
                    logits = self.model(req.tokens)
                await asyncio.sleep(self._device_time(req))
                self.completed += 1
                return ScoreResponse(req.rid, 200, logits.argmax(-1).tolist())
        except asyncio.CancelledError:
            self.cancelled += 1
            raise
