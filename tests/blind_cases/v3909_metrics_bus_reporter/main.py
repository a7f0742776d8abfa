"""Several short fine-tuning runs in one service process, each with its own progress reporter."""
import io

import torch
import torch.nn as nn

from events import BUS
from reporters import ProgressReporter


class FineTuner:
    def __init__(self, name, total_steps, backbone_width=32):
        self.name = name
        self.total_steps = total_steps
        self.backbone = nn.Sequential(nn.Linear(12, backbone_width), nn.ReLU())
        self.head = nn.Linear(backbone_width, 3)
        params = [{"params": self.backbone.parameters(), "lr": 1e-4}, {"params": self.head.parameters(), "lr": 1e-2}]
        self.optimizer = torch.optim.AdamW(params)
        self.reporter = ProgressReporter(self, every=2, stream=io.StringIO())

    def fit(self):
        best = float("inf")
        for step in range(1, self.total_steps + 1):
            x, y = torch.randn(16, 12), torch.randint(0, 3, (16,))
            loss = nn.functional.cross_entropy(self.head(self.backbone(x)), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            best = min(best, loss.item())
            BUS.publish("step_end", step=step, loss=loss.item())
        BUS.publish("fit_end", best=best)
        return best


def main():
    results = {}
    for i, task in enumerate(["sst", "mnli", "qqp"]):
        tuner = FineTuner(task, total_steps=4 + i)
        results[task] = round(tuner.fit(), 4)
        del tuner
    print(results, dict(BUS.counts))


if __name__ == "__main__":
    main()
