"""Request/response records exchanged between the HTTP layer and the micro-batcher."""
import time
from concurrent.futures import Future
from dataclasses import dataclass, field

import torch


@dataclass
class InferenceRequest:
    request_id: str
    inputs: torch.Tensor
    priority: int = 0
    future: Future = field(default_factory=Future, repr=False, compare=False)  # cycle
    enqueued_at: float = field(default_factory=time.perf_counter, compare=False)


@dataclass
class InferenceResponse:
    request: InferenceRequest  # cycle
    logits: torch.Tensor
    batch_size: int
    latency_ms: float

    @property
    def label(self):
        return int(self.logits.argmax())

    def to_json(self):
        return {"id": self.request.request_id, "label": self.label,
                "batch": self.batch_size, "latency_ms": round(self.latency_ms, 3)}
