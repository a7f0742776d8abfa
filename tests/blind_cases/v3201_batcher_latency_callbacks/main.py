"""Small classification server: requests are queued, batched and answered via futures."""
import torch
import torch.nn as nn

from batching import MicroBatcher
from telemetry import LatencyTracker


class Classifier(nn.Module):
    def __init__(self, in_dim=16, hidden=32, classes=4):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, hidden), nn.GELU(), nn.Linear(hidden, classes))

    def forward(self, x):
        return self.body(x).softmax(-1)


class ModelServer:
    route = "classify"

    def __init__(self, model, max_batch_size=4):
        self.model = model.eval()
        self.batcher = MicroBatcher(max_batch_size=max_batch_size)
        self.latency = LatencyTracker()

    def submit(self, features):
        req = self.batcher.enqueue(features)

        def _report(fut):  # cycle
            self.latency.observe(self.route, req.age, ok=fut.exception() is None)

        req.future.add_done_callback(_report)  # cycle
        return req.future

    @torch.no_grad()
    def step(self):
        if not self.batcher.ready():
            return 0
        batch = self.batcher.drain()
        probs = self.model(torch.stack([r.inputs for r in batch]))
        for req, row in zip(batch, probs):
            req.future.set_result(row)
        return len(batch)

    def flush(self):
        while len(self.batcher):
            self.batcher.max_wait_s = 0.0
            self.step()


def main():
    torch.manual_seed(0)
    server = ModelServer(Classifier(), max_batch_size=4)
    for wave in range(3):
        futures = [server.submit(torch.randn(16)) for _ in range(6)]
        server.flush()
        labels = [int(f.result().argmax()) for f in futures]
        print("wave", wave, labels, server.latency.summary(server.route))


if __name__ == "__main__":
    main()
