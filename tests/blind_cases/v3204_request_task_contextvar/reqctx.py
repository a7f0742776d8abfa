"""Per-request context that helpers can reach without threading it through every call."""
import asyncio
import time
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Optional

import torch

_current_request: ContextVar["RequestContext"] = ContextVar("current_request")


@dataclass
class RequestContext:
    request_id: str
    payload: torch.Tensor
    deadline_s: float = 1.0
    task: Optional[asyncio.Task] = None
    marks: dict = field(default_factory=dict)

    def mark(self, stage):
        self.marks[stage] = time.perf_counter()

    def elapsed_ms(self):
        if not self.marks:
            return 0.0
        stamps = sorted(self.marks.values())
        return (stamps[-1] - stamps[0]) * 1e3


def activate(ctx: RequestContext):
    _current_request.set(ctx)  # cycle
    ctx.mark("start")


def current_request() -> Optional[RequestContext]:
    return _current_request.get(None)


def trace(stage):
    ctx = current_request()
    if ctx is not None:
        ctx.mark(stage)
