"""Trainer that overlaps the all-reduce of epoch metrics with the next epoch and drains at the end."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

from comm import LoopbackGroup


class Trainer:
    def __init__(self, model, group, lr=0.05):
        self.model = model
        self.group = group
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.epoch_metrics = []

    def _train_epoch(self, batches):
        self.model.train()
        loss_sum, correct, count = 0.0, 0, 0
        for x, y in batches:
            logits = self.model(x)
            loss = F.cross_entropy(logits, y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            loss_sum += loss.item() * len(y)
            correct += (logits.argmax(1) == y).sum().item()
            count += len(y)
        return loss_sum, correct, count

    def _launch_metric_reduce(self, epoch, totals):
        packed = torch.tensor(totals, dtype=torch.float64)
        fut = self.group.all_reduce(packed, op="sum", async_op=True)
        fut.then(functools.partial(self._record_epoch, epoch))

    def _record_epoch(self, epoch, fut):
        loss_sum, correct, count = fut.value().tolist()
        self.epoch_metrics.append({"epoch": epoch, "loss": loss_sum / count, "acc": correct / count})

    def fit(self, batches, epochs):
        try:
            for epoch in range(epochs):
                self.group.progress()
                totals = self._train_epoch(batches)
                self._launch_metric_reduce(epoch, totals)
        finally:
            self.group.barrier()
        return self.epoch_metrics


def main():
    batches = [(torch.randn(16, 12), torch.randint(0, 3, (16,))) for _ in range(3)]
    for width in (16, 32, 64):
        group = LoopbackGroup(rank=0, world_size=1)
        model = nn.Sequential(nn.Linear(12, width), nn.ReLU(), nn.Linear(width, 3))
        history = Trainer(model, group).fit(batches, epochs=3)
        assert len(history) == 3


if __name__ == "__main__":
    main()
