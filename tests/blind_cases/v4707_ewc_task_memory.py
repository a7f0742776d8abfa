"""Sequential fine-tuning on two tasks with Elastic Weight Consolidation (EWC)."""
from dataclasses import dataclass
from typing import Dict, List

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class TaskSnapshot:
    task: str
    anchors: Dict[str, torch.Tensor]
    fisher: Dict[str, torch.Tensor]
    weight: float = 100.0


class ConsolidationMemory:
    """Process-wide store of consolidated tasks, shared by every learner."""

    def __init__(self):
        self.tasks: List[TaskSnapshot] = []

    def add(self, snapshot: TaskSnapshot):
        self.tasks.append(snapshot)  # retain

    def penalty(self, model):
        total = torch.zeros(())
        params = dict(model.named_parameters())
        for snap in self.tasks:
            for name, anchor in snap.anchors.items():
                total = total + (snap.fisher[name] * (params[name] - anchor).pow(2)).sum() * snap.weight / 2
        return total


MEMORY = ConsolidationMemory()


def estimate_fisher(model, batches):
    fisher = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
    for x, y in batches:
        model.zero_grad()
        F.cross_entropy(model(x), y).backward()
        for n, p in model.named_parameters():
            fisher[n] += p.grad.detach() ** 2 / len(batches)
    return fisher


def consolidate(model, task, batches):
    fisher = estimate_fisher(model, batches)
    anchors = {n: p.clone() for n, p in model.named_parameters()}
    MEMORY.add(TaskSnapshot(task=task, anchors=anchors, fisher=fisher))


def make_task(seed, n=4):
    g = torch.Generator().manual_seed(seed)
    return [(torch.randn(8, 6, generator=g), torch.randint(0, 3, (8,), generator=g)) for _ in range(n)]


def train_task(model, batches, lr=0.05):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    for x, y in batches:
        loss = F.cross_entropy(model(x), y) + MEMORY.penalty(model)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 3))
    for task, seed in (("task_a", 1), ("task_b", 2)):
        batches = make_task(seed)
        print(task, "loss", round(train_task(model, batches), 3))
        consolidate(model, task, batches[:2])
    print("consolidated tasks:", [t.task for t in MEMORY.tasks])


if __name__ == "__main__":
    main()
