"""asyncio front end: one task per request, with done-callbacks for bookkeeping."""
import asyncio
import time

import torch
import torch.nn as nn

CONFIG = {"features": 8, "hidden": 16, "classes": 3, "requests": 12, "health_probe_every": 4}


class RequestState:
    def __init__(self, rid, payload):
        self.rid = rid
        self.payload = payload
        self.started = time.perf_counter()
        self.task = None
        self.outcome = None
        self.latency_ms = None

    def on_done(self, task):
        if task.cancelled():
            self.outcome = "cancelled"
        elif task.exception() is not None:
            self.outcome = "error"
        else:
            self.outcome = "ok"
        self.latency_ms = (time.perf_counter() - self.started) * 1000.0


class Frontend:
    def __init__(self, model, cfg):
        self.model = model.eval()
        self.cfg = cfg
        self.inflight = {}
        self._background = set()
        self.finished = []

    async def _serve(self, payload):
        await asyncio.sleep(0)
        with torch.no_grad():
            probs = self.model(payload.unsqueeze(0)).softmax(-1)[0]
        return [round(p, 4) for p in probs.tolist()]

    def _release(self, task):
        state = self.inflight.pop(task.get_name())
        self.finished.append((state.rid, state.outcome, state.latency_ms))

    def dispatch(self, state):
        task = asyncio.create_task(self._serve(state.payload), name=f"req-{state.rid}")
        state.task = task
        self.inflight[task.get_name()] = state
        task.add_done_callback(state.on_done)
        task.add_done_callback(self._release)
        return task

    def probe(self):
        task = asyncio.create_task(self._serve(torch.zeros(self.cfg["features"])), name="health")
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def run(self, payloads):
        tasks = []
        for rid, payload in enumerate(payloads):
            if rid % self.cfg["health_probe_every"] == 0:
                self.probe()
            tasks.append(self.dispatch(RequestState(rid, payload)))
        answers = await asyncio.gather(*tasks)
        while self._background:
            await asyncio.sleep(0)
        return answers


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(CONFIG["features"], CONFIG["hidden"]), nn.ReLU(),
                          nn.Linear(CONFIG["hidden"], CONFIG["classes"]))
    frontend = Frontend(model, CONFIG)
    payloads = [torch.randn(CONFIG["features"]) for _ in range(CONFIG["requests"])]
    answers = asyncio.run(frontend.run(payloads))
    ok = sum(1 for _, outcome, _ in frontend.finished if outcome == "ok")
    print(f"{ok}/{len(answers)} ok, inflight left {len(frontend.inflight)}, "
          f"slowest {max(ms for _, _, ms in frontend.finished):.2f} ms")


if __name__ == "__main__":
    main()
