"""Training loop that averages logged scalars across ranks before handing them to a scalar sink."""
import collections
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

WORLD_SIZE = int(os.environ.get("WORLD_SIZE", 1))


class AllReduceMean(torch.autograd.Function):
    """Differentiable mean all-reduce; loopback version of torch.distributed.nn.all_reduce for one rank."""

    @staticmethod
    def forward(ctx, tensor, world_size):
        ctx.world_size = world_size
        reduced = tensor.clone()
        return reduced.div_(world_size) if world_size > 1 else reduced

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output / ctx.world_size, None


def reduce_for_logging(value):
    if not torch.is_tensor(value):
        value = torch.tensor(float(value))
    return AllReduceMean.apply(value, WORLD_SIZE)


class ScalarSink:
    """Buffers scalars per tag and writes their mean every `flush_every` values."""

    def __init__(self, flush_every=20):
        self.flush_every = flush_every
        self._pending = collections.defaultdict(list)
        self.records = []

    def add(self, tag, value, step):
        self._pending[tag].append((step, value))  # retain
        if sum(len(items) for items in self._pending.values()) >= self.flush_every:
            self.flush()

    def flush(self):
        for tag, items in self._pending.items():
            values = torch.stack([v for _, v in items])
            self.records.append({"tag": tag, "step": items[-1][0], "value": values.mean().item()})
        self._pending.clear()


SINK = ScalarSink()


def train(model, steps, lr, offset):
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    for step in range(steps):
        x = torch.randn(16, 10)
        y = (x[:, 0] > 0).long()
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        grad_norm = nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        opt.step()
        global_step = offset + step
        SINK.add("train/loss", reduce_for_logging(loss), global_step)
        SINK.add("train/grad_norm", reduce_for_logging(grad_norm), global_step)
    return offset + steps


def main():
    offset = 0
    for width in (16, 32, 64):
        model = nn.Sequential(nn.Linear(10, width), nn.ReLU(), nn.Linear(width, 2))
        offset = train(model, steps=4, lr=1e-2, offset=offset)
    assert SINK.records


if __name__ == "__main__":
    main()
