"""Regression training with an asynchronous validation pass after every epoch."""
import asyncio

import torch
import torch.nn as nn

from scoring import AsyncEvaluator


def make_shards(n, corrupt=None):
    shards = []
    for i in range(n):
        x, y = torch.randn(12, 5), torch.randn(12, 1)
        if i == corrupt:
            x[0, 0] = float("nan")
        shards.append((x, y))
    return shards


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    train = make_shards(4)
    for epoch in range(3):
        for x, y in train:
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        evaluator = AsyncEvaluator(model)
        val = make_shards(3, corrupt=epoch % 3)
        mean, bad = asyncio.run(evaluator.evaluate(val))
        print("epoch %d val %.4f (%d shard(s) skipped)" % (epoch, mean, bad))


if __name__ == "__main__":
    main()
