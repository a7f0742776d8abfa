"""Async serving app whose response post-processing hooks run from a custom task factory."""
import asyncio
import time

import torch
import torch.nn as nn

LABELS = ["billing", "shipping", "returns", "other"]


class TicketRouter(nn.Module):
    def __init__(self, dim=20, classes=len(LABELS)):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 32), nn.SiLU(), nn.Linear(32, classes))

    def forward(self, x):
        return self.net(x).softmax(-1)


class ServingPolicy(asyncio.DefaultEventLoopPolicy):
    """Every loop created in this process gets the app's request-tracking task factory."""

    def __init__(self, app):
        super().__init__()
        self.app = app  # retain

    def new_event_loop(self):
        loop = super().new_event_loop()
        loop.set_task_factory(self.app.task_factory)
        return loop


class ServingApp:
    def __init__(self, model):
        self.model = model.eval()
        self.post_hooks = []
        self.latencies_ms = []

    def post_hook(self, fn):
        self.post_hooks.append(fn)
        return fn

    def install(self):
        asyncio.set_event_loop_policy(ServingPolicy(self))  # retain

    def task_factory(self, loop, coro, context=None):
        task = asyncio.Task(coro, loop=loop, context=context)
        task.started = time.perf_counter()
        task.add_done_callback(self._on_done)
        return task

    def _on_done(self, task):
        self.latencies_ms.append((time.perf_counter() - task.started) * 1000.0)

    async def handle(self, features):
        await asyncio.sleep(0)
        with torch.no_grad():
            probs = self.model(features)
        response = {"probs": probs}
        for hook in self.post_hooks:
            response = hook(response)
        return response


async def serve(app, requests):
    return await asyncio.gather(*(app.handle(x) for x in requests))


def main():
    torch.manual_seed(0)
    app = ServingApp(TicketRouter())

    @app.post_hook
    def top_label(response):
        probs = response.pop("probs")
        response["label"] = LABELS[int(probs.argmax())]
        response["confidence"] = round(float(probs.max()), 3)
        return response

    @app.post_hook
    def low_confidence_to_human(response):
        response["needs_human"] = response["confidence"] < 0.3
        return response

    app.install()
    for shift in range(2):
        responses = asyncio.run(serve(app, [torch.randn(20) for _ in range(6)]))
        print(f"shift {shift}: {[r['label'] for r in responses]} tasks={len(app.latencies_ms)}")


if __name__ == "__main__":
    main()
