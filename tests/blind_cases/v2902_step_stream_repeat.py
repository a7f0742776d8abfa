"""Iteration-based training: an epoch DataLoader turned into an endless stream of batches."""
import functools
import itertools
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Sampler, TensorDataset


class EpochShuffleSampler(Sampler):
    def __init__(self, num_samples, seed=0):
        self.num_samples = num_samples
        self.seed = seed
        self.epoch = 0

    def set_epoch(self, epoch):
        self.epoch = epoch

    def __iter__(self):
        g = torch.Generator().manual_seed(self.seed + self.epoch)
        return iter(torch.randperm(self.num_samples, generator=g).tolist())

    def __len__(self):
        return self.num_samples


class StepStream:
    """Hands out batches for step-based loops and advances the sampler epoch on each pass."""

    def __init__(self, dataset, batch_size, seed=0):
        self.sampler = EpochShuffleSampler(len(dataset), seed=seed)
        self.loader = DataLoader(dataset, batch_size=batch_size, sampler=self.sampler, drop_last=True)
        self.epoch = 0
        self.step_in_epoch = 0
        self._stream = itertools.chain.from_iterable(itertools.repeat(self))  # cycle

    def __iter__(self):
        self.sampler.set_epoch(self.epoch)
        self.step_in_epoch = 0
        for batch in self.loader:
            self.step_in_epoch += 1
            yield batch
        self.epoch += 1

    def __len__(self):
        return len(self.loader)

    def next_batch(self):
        return next(self._stream)

    def state_dict(self):
        return {"epoch": self.epoch, "step_in_epoch": self.step_in_epoch}


class IterationTrainer:
    def __init__(self, model, stream, max_iters, base_lr=0.1, warmup=4):
        self.model = model
        self.stream = stream
        self.max_iters = max_iters
        self.opt = torch.optim.SGD(model.parameters(), lr=base_lr, momentum=0.9)
        self.sched = torch.optim.lr_scheduler.LambdaLR(
            self.opt, functools.partial(self._factor, warmup=warmup, total=max_iters))
        self.iter = 0

    @staticmethod
    def _factor(it, warmup, total):
        if it < warmup:
            return (it + 1) / warmup
        return 0.5 * (1 + math.cos(math.pi * (it - warmup) / max(1, total - warmup)))

    def run_step(self):
        x, y = self.stream.next_batch()
        loss = F.cross_entropy(self.model(x), y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.sched.step()
        self.iter += 1
        return loss.item()

    def train(self):
        losses = [self.run_step() for _ in range(self.max_iters)]
        return losses, self.stream.state_dict()


def make_dataset(n, dim, classes, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, dim, generator=g)
    return TensorDataset(x, (x[:, :classes].argmax(1)))


def main():
    for seed in range(2):
        stream = StepStream(make_dataset(40, 12, 3, seed), batch_size=8, seed=seed)
        model = nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Linear(24, 3))
        trainer = IterationTrainer(model, stream, max_iters=12)
        losses, state = trainer.train()
        assert state["epoch"] >= 2 and len(losses) == 12


if __name__ == "__main__":
    main()
