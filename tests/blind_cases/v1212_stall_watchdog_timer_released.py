"""Inference loop guarded by a watchdog that reports batches which take too long."""
import threading
import time

import torch
import torch.nn as nn


class StallWatchdog:
    """Re-armed before every batch; fires if the batch has not finished within `timeout` seconds."""

    def __init__(self, name, timeout=30.0):
        self.name = name
        self.timeout = timeout
        self.stalls = []
        self.current = None
        self._timer = None

    def _on_stall(self):
        self.stalls.append((self.current, time.time()))
        print(f"[{self.name}] batch {self.current} exceeded {self.timeout}s")

    def arm(self, batch_idx):
        self.disarm()
        self.current = batch_idx
        self._timer = threading.Timer(self.timeout, self._on_stall)
        self._timer.daemon = True
        self._timer.start()

    def disarm(self):
        timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()
            timer.join()


class Predictor:
    def __init__(self, model, name):
        self.model = model.eval()
        self.watchdog = StallWatchdog(name)

    @torch.inference_mode()
    def predict(self, batches):
        preds = []
        for idx, x in enumerate(batches):
            self.watchdog.arm(idx)
            preds.append(self.model(x).argmax(-1))
        self.watchdog.disarm()
        return torch.cat(preds)


def main():
    torch.manual_seed(0)
    batches = [torch.randn(16, 32) for _ in range(4)]
    counts = []
    for shard in range(2):
        model = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 10))
        predictor = Predictor(model, name=f"shard{shard}")
        preds = predictor.predict(batches)
        counts.append(torch.bincount(preds, minlength=10).tolist())
    print(counts)


if __name__ == "__main__":
    main()
