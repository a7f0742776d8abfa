"""Trainer that runs checkpointing and heartbeat jobs on the shared step scheduler."""
import io

import torch
import torch.nn as nn

import service

SETTINGS = {"max_steps": 8, "checkpoint_every": 4, "heartbeat_every": 3, "lr": 0.01}


class ScheduledTrainer:
    def __init__(self, name, settings):
        self.name = name
        self.settings = settings
        self.model = nn.Sequential(nn.Linear(16, 32), nn.LayerNorm(32), nn.ReLU(), nn.Linear(32, 4))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=settings["lr"], nesterov=True, momentum=0.9)
        self.step = 0
        self.stopped = False
        self.checkpoints = []
        self.heartbeats = []
        self.jobs = []

    def start_services(self):
        self.jobs = [
            service.PeriodicJob("checkpoint", self.settings["checkpoint_every"], self.checkpoint).start(),
            service.PeriodicJob("heartbeat", self.settings["heartbeat_every"], self.heartbeat).start(),
        ]

    def stop_services(self):
        for job in self.jobs:
            job.cancel()
        self.stopped = True

    def checkpoint(self):
        buf = io.BytesIO()
        torch.save(self.model.state_dict(), buf)
        self.checkpoints.append(buf.getbuffer().nbytes)
        if self.step >= self.settings["max_steps"]:
            self.stop_services()

    def heartbeat(self):
        self.heartbeats.append(self.step)

    def train_step(self):
        x = torch.randn(8, 16)
        target = torch.randint(0, 4, (8,))
        loss = nn.functional.cross_entropy(self.model(x), target)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.step += 1

    def fit(self):
        self.start_services()
        while not self.stopped:
            self.train_step()
            service.advance()
        return len(self.checkpoints), len(self.heartbeats)


def main():
    for name in ("exp-a", "exp-b"):
        trainer = ScheduledTrainer(name, SETTINGS)
        print(name, "checkpoints/heartbeats:", trainer.fit())


if __name__ == "__main__":
    main()
