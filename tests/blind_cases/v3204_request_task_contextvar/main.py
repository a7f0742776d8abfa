"""Async front end: each request runs in its own task with a bound request context."""
import asyncio

import torch
import torch.nn as nn

from reqctx import RequestContext, activate, trace


class Scorer(nn.Module):
    def __init__(self, dim=20):
        super().__init__()
        self.proj = nn.Linear(dim, 16)
        self.out = nn.Linear(16, 3)

    def forward(self, x):
        return self.out(torch.relu(self.proj(x))).log_softmax(-1)


class AsyncPredictor:
    def __init__(self, model):
        self.model = model.eval()

    def preprocess(self, x):
        trace("preprocess")
        return (x - x.mean()) / (x.std() + 1e-6)

    async def handle(self, ctx: RequestContext):
        activate(ctx)
        features = self.preprocess(ctx.payload)
        await asyncio.sleep(0)
        with torch.no_grad():
            scores = self.model(features.unsqueeze(0))[0]
        trace("forward")
        return scores.argmax().item()


class Frontend:
    def __init__(self, predictor):
        self.predictor = predictor
        self.inflight = {}
        self.completed = 0

    async def serve(self, payloads, prefix):
        contexts = []
        for i, payload in enumerate(payloads):
            ctx = RequestContext(f"{prefix}-{i}", payload)
            ctx.task = asyncio.create_task(self.predictor.handle(ctx))  # cycle
            self.inflight[ctx.request_id] = ctx
            contexts.append(ctx)
        await asyncio.wait([c.task for c in contexts], timeout=2.0)
        labels = {}
        for ctx in contexts:
            self.inflight.pop(ctx.request_id, None)
            labels[ctx.request_id] = ctx.task.result()
            self.completed += 1
        return labels

    def cancel_all(self):
        for ctx in self.inflight.values():
            ctx.task.cancel()


def main():
    torch.manual_seed(0)
    frontend = Frontend(AsyncPredictor(Scorer()))
    for wave in range(3):
        payloads = [torch.randn(20) for _ in range(4)]
        labels = asyncio.run(frontend.serve(payloads, prefix=f"w{wave}"))
        print(wave, labels, len(frontend.inflight))
    frontend.cancel_all()


if __name__ == "__main__":
    main()
