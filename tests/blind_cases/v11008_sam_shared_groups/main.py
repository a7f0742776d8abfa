"""Trains a small CNN with SAM / ASAM over SGD and compares the two on held-out batches."""
import functools
import math

import torch
import torch.nn as nn

from sam import SAM


def cosine_factor(step, total):
    return 0.5 * (1.0 + math.cos(math.pi * min(step, total) / total))


class Trainer:
    def __init__(self, cfg):
        self.model = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
            nn.MaxPool2d(2), nn.Flatten(), nn.Linear(8 * 7 * 7, 10))
        self.criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
        self.optimizer = SAM(self.model.parameters(), torch.optim.SGD, rho=cfg["rho"],
                             adaptive=cfg["adaptive"], lr=cfg["lr"], momentum=0.9, weight_decay=5e-4)
        self.scheduler = torch.optim.lr_scheduler.LambdaLR(
            self.optimizer.base_optimizer, functools.partial(cosine_factor, total=cfg["steps"]))
        self.history = []

    def train_step(self, x, y):
        def closure():
            loss = self.criterion(self.model(x), y)
            loss.backward()
            return loss

        self.model.train()
        loss = closure()
        self.optimizer.step(closure)
        self.optimizer.zero_grad()
        self.scheduler.step()
        self.history.append(loss.item())

    @torch.no_grad()
    def evaluate(self, batches):
        self.model.eval()
        correct = total = 0
        for x, y in batches:
            correct += (self.model(x).argmax(dim=1) == y).sum().item()
            total += len(y)
        return correct / total


def synthetic_digits(n, seed):
    gen = torch.Generator().manual_seed(seed)
    out = []
    for _ in range(n):
        y = torch.randint(0, 10, (16,), generator=gen)
        x = torch.randn(16, 1, 14, 14, generator=gen) * 0.5
        x[torch.arange(16), 0, y, y] += 3.0
        out.append((x, y))
    return out


def main():
    train, held_out = synthetic_digits(4, 0), synthetic_digits(2, 1)
    for name, adaptive, rho in (("SAM", False, 0.05), ("ASAM", True, 0.5)):
        torch.manual_seed(0)
        trainer = Trainer({"rho": rho, "adaptive": adaptive, "lr": 0.05, "steps": len(train)})
        for x, y in train:
            trainer.train_step(x, y)
        print("%-4s train loss %.3f  held-out acc %.2f" % (name, trainer.history[-1], trainer.evaluate(held_out)))


if __name__ == "__main__":
    main()
