"""Trainer that keeps its scheduler heartbeat fresh; the heartbeat is (re)started every epoch."""
import threading
import time

import torch
import torch.nn as nn

from heartbeat import Heartbeat

CFG = {"job": "job-4711", "epochs": 3, "steps": 5, "eval_batches": 2}


class StatusBoard:
    """In-process stand-in for the scheduler's key/value heartbeat endpoint."""

    def __init__(self):
        self._lock = threading.Lock()
        self._latest = {}

    def publish(self, key, text):
        with self._lock:
            self._latest[key] = text

    def read(self, key):
        with self._lock:
            return self._latest.get(key)


class Trainer:
    def __init__(self):
        self.model = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 8))
        self.opt = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.epoch = self.step = 0
        self.last_loss = float("nan")

    def status(self):
        return {"epoch": self.epoch, "step": self.step, "loss": self.last_loss}

    def on_epoch_start(self, heartbeat):
        heartbeat.start()

    def evaluate(self):
        with torch.no_grad():
            return sum(nn.functional.mse_loss(self.model(x), x).item()
                       for x in torch.randn(CFG["eval_batches"], 16, 8))

    def fit(self, heartbeat):
        for self.epoch in range(CFG["epochs"]):
            self.on_epoch_start(heartbeat)
            for self.step in range(CFG["steps"]):
                x = torch.randn(16, 8)
                loss = nn.functional.mse_loss(self.model(x), x)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                self.last_loss = loss.item()
                time.sleep(0.005)
            self.evaluate()
        heartbeat.stop()


def main():
    board = StatusBoard()
    trainer = Trainer()
    heartbeat = Heartbeat(board, CFG["job"], trainer.status)
    trainer.fit(heartbeat)
    print("heartbeats published:", heartbeat.beats, "last:", board.read(CFG["job"]))


if __name__ == "__main__":
    main()
