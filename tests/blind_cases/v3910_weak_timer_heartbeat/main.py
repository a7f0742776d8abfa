"""Worker process that trains a queue of small regression jobs and heartbeats its progress."""
import time

import torch
import torch.nn as nn

from heartbeat import Heartbeat

QUEUE = [{"job": "price", "features": 6}, {"job": "demand", "features": 9}, {"job": "churn", "features": 4}]


class RegressionJob:
    def __init__(self, spec):
        self.spec = spec
        f = spec["features"]
        self.model = nn.Sequential(nn.Linear(f, 2 * f), nn.Softplus(), nn.Linear(2 * f, 1))
        self.optimizer = torch.optim.Adagrad(self.model.parameters(), lr=0.05)
        self.heartbeat = Heartbeat(self.status)
        self.step = 0
        self.loss = None

    def status(self):
        return (self.spec["job"], self.step, self.loss)

    def run(self, steps=6):
        self.heartbeat.start()
        try:
            w = torch.linspace(-1, 1, self.spec["features"])
            for _ in range(steps):
                x = torch.randn(24, self.spec["features"])
                y = (x @ w).unsqueeze(1)
                loss = nn.functional.mse_loss(self.model(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                self.step += 1
                self.loss = loss.item()
                time.sleep(0.002)
        finally:
            beats = self.heartbeat.stop()
        return self.loss, beats


def main():
    for spec in QUEUE:
        loss, beats = RegressionJob(spec).run()
        print("%-7s loss=%.4f beats=%d" % (spec["job"], loss, beats))


if __name__ == "__main__":
    main()
