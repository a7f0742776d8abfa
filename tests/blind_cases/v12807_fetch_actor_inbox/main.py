"""Classifier training where every epoch fans its shard list out to async fetch workers.

The step budget per epoch is smaller than the shard list, so each epoch stops
consuming once max_steps batches have been trained on."""
import asyncio
import random

import torch
import torch.nn as nn

from coordinator import Coordinator

CONFIG = {
    "workers": 3,
    "rows": 16,
    "features": 20,
    "classes": 4,
    "max_ready": 2,
    "num_shards": 12,
    "epochs": 3,
    "max_steps": 5,
}


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = nn.Sequential(nn.Linear(cfg["features"], 32), nn.ReLU(), nn.Linear(32, cfg["classes"]))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.05, momentum=0.9)
        self.log = []

    def train_step(self, x, y):
        loss = nn.functional.cross_entropy(self.model(x), y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    def fit(self):
        shards = list(range(self.cfg["num_shards"]))
        for epoch in range(self.cfg["epochs"]):
            random.Random(epoch).shuffle(shards)
            coord = Coordinator(self.cfg)
            coord.schedule(shards, epoch)
            losses = asyncio.run(coord.run_epoch(self.train_step, self.cfg["max_steps"]))
            self.log.append({"epoch": epoch, "shards": coord.consumed, "loss": sum(losses) / len(losses)})
        return self.log


def main():
    torch.manual_seed(0)
    for row in Trainer(CONFIG).fit():
        print(f"epoch {row['epoch']}: shards {row['shards']} loss {row['loss']:.4f}")


if __name__ == "__main__":
    main()
