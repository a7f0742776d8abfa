"""Inference benchmark: batches are prepared by worker threads while the model runs."""
from concurrent.futures import ThreadPoolExecutor

import torch
import torch.nn as nn
import torch.nn.functional as F

from profiling import ForwardProfiler

BENCH = {"batches": 6, "batch_size": 32, "workers": 2}


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


def prepare_batch(index, batch_size=BENCH["batch_size"]):
    g = torch.Generator().manual_seed(index)
    x = torch.randn(batch_size, 16, generator=g)
    return F.normalize(x, dim=-1)


def train_briefly(model):
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for i in range(3):
        x = prepare_batch(100 + i)
        loss = model(x).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def benchmark(model, cfg):
    profiler = ForwardProfiler(model, extra_functions=[prepare_batch]).start()
    try:
        model.eval()
        with ThreadPoolExecutor(cfg["workers"]) as pool, torch.no_grad():
            for batch in pool.map(prepare_batch, range(cfg["batches"])):
                model(batch)
    finally:
        profiler.stop()
    return profiler.report()


def main():
    model = nn.Sequential(Block(16), Block(16), nn.Linear(16, 4))
    train_briefly(model)
    for line in benchmark(model, BENCH):
        print(line)


if __name__ == "__main__":
    main()
