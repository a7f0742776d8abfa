"""Size-triggered micro-batching in front of a classifier."""
import time

import torch

from protocol import InferenceRequest, InferenceResponse


class MicroBatcher:
    def __init__(self, model, max_batch=4):
        self.model = model.eval()
        self.max_batch = max_batch
        self.pending = []
        self.batches_run = 0

    def submit(self, request_id, inputs, priority=0):
        request = InferenceRequest(request_id, inputs, priority)
        self.pending.append(request)
        if len(self.pending) >= self.max_batch:
            self.flush()
        return request.future

    @torch.no_grad()
    def flush(self):
        if not self.pending:
            return
        batch = sorted(self.pending, key=lambda r: -r.priority)
        self.pending = []
        logits = self.model(torch.stack([r.inputs for r in batch]))
        now = time.perf_counter()
        for request, row in zip(batch, logits):
            latency = (now - request.enqueued_at) * 1000.0
            request.future.set_result(InferenceResponse(request, row, len(batch), latency))  # cycle
        self.batches_run += 1
