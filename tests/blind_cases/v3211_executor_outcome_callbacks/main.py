"""Executor-backed predictor: requests carry their futures, metrics come from done-callbacks."""
import functools
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Optional

import torch
import torch.nn as nn

from metrics import RouteMetrics, record_outcome


class Denoiser(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.enc = nn.Conv2d(1, channels, 3, padding=1)
        self.dec = nn.Conv2d(channels, 1, 3, padding=1)

    def forward(self, x):
        return x - self.dec(torch.relu(self.enc(x)))


@dataclass
class InferenceRequest:
    request_id: int
    image: torch.Tensor
    future: Optional[Future] = None
    started: float = 0.0


class ExecutorPredictor:
    def __init__(self, model, workers=2):
        self.model = model.eval()
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="infer")
        self.metrics = RouteMetrics()

    @torch.no_grad()
    def _infer(self, image):
        if image.dim() != 3:
            raise ValueError("expected a single-channel image (1, H, W)")
        return self.model(image.unsqueeze(0))[0].clamp(0, 1)

    def submit(self, req: InferenceRequest):
        req.started = time.perf_counter()
        req.future = self.pool.submit(self._infer, req.image)
        req.future.add_done_callback(
            functools.partial(record_outcome, self.metrics, req.request_id, req.started))
        return req

    def close(self):
        self.pool.shutdown(wait=True)


def main():
    torch.manual_seed(0)
    predictor = ExecutorPredictor(Denoiser(), workers=2)
    try:
        for wave in range(3):
            reqs = [predictor.submit(InferenceRequest(wave * 10 + i, torch.rand(1, 8, 8))) for i in range(4)]
            reqs.append(predictor.submit(InferenceRequest(wave * 10 + 9, torch.rand(8, 8))))
            means = []
            for req in reqs:
                if req.future.exception(timeout=5) is not None:
                    means.append(None)
                    continue
                means.append(round(float(req.future.result().mean()), 4))
            print(wave, means, predictor.metrics.snapshot()[0])
    finally:
        predictor.close()


if __name__ == "__main__":
    main()
