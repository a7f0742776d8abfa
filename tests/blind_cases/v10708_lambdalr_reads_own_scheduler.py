"""Successive halving over optimiser settings; promoted runs continue with a longer cosine horizon."""
import math
import random

import torch
import torch.nn as nn

RUNGS = (10, 30, 90)
ETA = 2


def warmup_cosine(optimizer, warmup_steps, total_steps, floor=0.05):
    def factor(step):  # cycle
        if step < warmup_steps:
            return (step + 1) / warmup_steps
        horizon = max(1, schedule.total_steps - warmup_steps)
        progress = min(1.0, (step - warmup_steps) / horizon)
        return floor + (1 - floor) * 0.5 * (1 + math.cos(math.pi * progress))

    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, factor)  # cycle
    schedule.total_steps = total_steps
    return schedule


class Run:
    def __init__(self, run_id, config, data):
        self.run_id, self.config, self.data = run_id, config, data
        self.model = nn.Sequential(nn.Linear(8, config["width"]), nn.GELU(), nn.Linear(config["width"], 4))
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=config["lr"],
                                           weight_decay=config["weight_decay"])
        self.scheduler = warmup_cosine(self.optimizer, config["warmup"], RUNGS[0])
        self.steps = 0
        self.score = math.inf

    def promote(self, budget):
        self.scheduler.total_steps = budget

    def train_until(self, budget):
        x, y, _, _ = self.data
        self.model.train()
        while self.steps < budget:
            idx = torch.randint(0, x.shape[0], (32,))
            loss = nn.functional.cross_entropy(self.model(x[idx]), y[idx])
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            self.scheduler.step()
            self.steps += 1
        self.model.eval()
        with torch.no_grad():
            _, _, vx, vy = self.data
            self.score = nn.functional.cross_entropy(self.model(vx), vy).item()
        return self.score


def sample_config(rng):
    return {"lr": 10 ** rng.uniform(-3, -1.3), "width": rng.choice([16, 32, 64]),
            "weight_decay": 10 ** rng.uniform(-5, -2), "warmup": rng.choice([2, 4, 8])}


def main():
    rng = random.Random(8)
    torch.manual_seed(8)
    x = torch.randn(400, 8)
    y = (x[:, :2].sum(1) > 0).long() * 2 + (x[:, 2] > 0).long()
    data = (x[:320], y[:320], x[320:], y[320:])
    runs = [Run(i, sample_config(rng), data) for i in range(8)]
    for level, budget in enumerate(RUNGS):
        for run in runs:
            run.train_until(budget)
        runs.sort(key=lambda r: r.score)
        print(f"rung {level} (budget {budget}): " + " ".join(f"#{r.run_id}:{r.score:.3f}" for r in runs))
        if level + 1 < len(RUNGS):
            runs = runs[: max(1, len(runs) // ETA)]
            for run in runs:
                run.promote(RUNGS[level + 1])
    best = runs[0]
    print(f"winner #{best.run_id}: {best.config}")


if __name__ == "__main__":
    main()
