"""Preemptible training jobs: each job saves a resume checkpoint when SIGTERM arrives."""
import functools
import io

import torch
import torch.nn as nn

from shutdown import GracefulShutdown

JOBS = [{"name": "small", "hidden": 16}, {"name": "medium", "hidden": 48}, {"name": "large", "hidden": 96}]


def save_resume_point(model, optimizer, buffer, step):
    torch.save({"step": step, "model": model.state_dict(), "optim": optimizer.state_dict()}, buffer)


class PreemptibleJob:
    def __init__(self, spec):
        self.spec = spec
        self.model = nn.Sequential(nn.Linear(20, spec["hidden"]), nn.ReLU(), nn.Linear(spec["hidden"], 5))
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=3e-4)
        self.resume_buffer = io.BytesIO()
        self.step = 0

    def train_step(self):
        x, y = torch.randn(32, 20), torch.randint(0, 5, (32,))
        loss = nn.functional.cross_entropy(self.model(x), y)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.step += 1
        return loss.item()

    def run(self, max_steps):
        losses = []
        with GracefulShutdown() as shutdown:
            shutdown.add_action(functools.partial(save_resume_point, self.model, self.optimizer,
                                                  self.resume_buffer, self.step))
            while self.step < max_steps and not shutdown.requested.is_set():
                losses.append(self.train_step())
        return losses


def main():
    for spec in JOBS:
        job = PreemptibleJob(spec)
        losses = job.run(max_steps=4)
        print("%-6s final loss %.4f" % (spec["name"], losses[-1]))


if __name__ == "__main__":
    main()
