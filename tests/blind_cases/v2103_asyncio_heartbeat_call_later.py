"""Trainer that pushes metrics to an (in-process) collector over asyncio and sends heartbeats."""
import asyncio
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class MetricsCollector:
    """Stands in for a remote metrics endpoint."""

    def __init__(self):
        self.records = []

    async def send(self, record):
        await asyncio.sleep(0)
        self.records.append(record)


class RemoteLoggingTrainer:
    def __init__(self, model, collector, config):
        self.model = model
        self.collector = collector
        self.config = config
        self.opt = torch.optim.AdamW(model.parameters(), lr=config["lr"])
        self._loop = asyncio.new_event_loop()  # cycle
        self._last_beat = time.monotonic()
        self._beat = self._loop.call_later(config["heartbeat_s"], self._heartbeat)  # cycle

    def _heartbeat(self):
        self._last_beat = time.monotonic()
        self._loop.create_task(self.collector.send({"event": "alive", "t": self._last_beat}))
        self._beat = self._loop.call_later(self.config["heartbeat_s"], self._heartbeat)

    def _publish(self, **record):
        self._loop.run_until_complete(self.collector.send(record))

    def train_epoch(self, epoch, batches):
        self.model.train()
        total = 0.0
        for x, y in batches:
            loss = F.mse_loss(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            total += loss.item()
        self._publish(epoch=epoch, loss=total / len(batches))
        return total / len(batches)

    def fit(self, batches, epochs):
        return [self.train_epoch(epoch, batches) for epoch in range(epochs)]


def make_batches(n_batches, dim):
    w = torch.randn(dim, 1)
    xs = [torch.randn(8, dim) for _ in range(n_batches)]
    return [(x, x @ w + 0.1 * torch.randn(8, 1)) for x in xs]


def main():
    torch.manual_seed(0)
    collector = MetricsCollector()
    for lr in (1e-2, 3e-3):
        model = nn.Sequential(nn.Linear(6, 16), nn.GELU(), nn.Linear(16, 1))
        trainer = RemoteLoggingTrainer(model, collector, {"lr": lr, "heartbeat_s": 30.0})
        trainer.fit(make_batches(4, 6), epochs=2)
    return len(collector.records)


if __name__ == "__main__":
    main()
