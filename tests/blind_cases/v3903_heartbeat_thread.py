"""Trainer that publishes a liveness heartbeat from a background thread while it trains."""
import threading
import time

import torch
import torch.nn as nn


class HeartbeatThread(threading.Thread):
    """Periodically samples the owner's status() until stopped."""

    def __init__(self, owner, interval=0.005, name="heartbeat"):
        super().__init__(name=name, daemon=True)
        self.owner = owner  # cycle
        self.interval = interval
        self.samples = []
        self._halt = threading.Event()

    def run(self):
        while not self._halt.wait(self.interval):
            self.samples.append((time.monotonic(), self.owner.status()))

    def stop(self, timeout=1.0):
        self._halt.set()
        self.join(timeout)
        return len(self.samples)


class ServiceTrainer:
    def __init__(self, name, width=32):
        self.name = name
        self.model = nn.Sequential(nn.Linear(10, width), nn.ReLU(), nn.Linear(width, 1))
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.global_step = 0
        self.last_loss = float("nan")
        self._heartbeat = None

    def status(self):
        return {"run": self.name, "step": self.global_step, "loss": self.last_loss}

    def start_heartbeat(self):
        self._heartbeat = HeartbeatThread(self, name="hb-%s" % self.name)  # cycle
        self._heartbeat.start()

    def stop_heartbeat(self):
        if self._heartbeat is not None and self._heartbeat.is_alive():
            return self._heartbeat.stop()
        return 0

    def train(self, steps):
        self.start_heartbeat()
        try:
            for _ in range(steps):
                x = torch.randn(32, 10)
                y = x.sum(dim=1, keepdim=True)
                loss = nn.functional.smooth_l1_loss(self.model(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                self.global_step += 1
                self.last_loss = loss.item()
                time.sleep(0.002)
        finally:
            beats = self.stop_heartbeat()
        return self.last_loss, beats


def main():
    for job in ("nightly-a", "nightly-b", "nightly-c"):
        trainer = ServiceTrainer(job)
        loss, beats = trainer.train(steps=8)
        print("%s loss=%.3f heartbeats=%d" % (job, loss, beats))


if __name__ == "__main__":
    main()
