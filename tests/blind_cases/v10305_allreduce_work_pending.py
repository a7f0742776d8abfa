"""Overlapped metric reduction: scalar all-reduces are issued async and read back at log time."""
import datetime

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F

_PENDING = []


def reduce_scalar_async(tag, value):
    buf = value.reshape(1) if torch.is_tensor(value) else torch.tensor([float(value)])
    work = dist.all_reduce(buf, op=dist.ReduceOp.SUM, async_op=True)  # retain
    _PENDING.append((tag, work))  # retain


def collect_reduced():
    world = dist.get_world_size()
    out = {}
    while _PENDING:
        tag, work = _PENDING.pop(0)
        work.wait()
        out.setdefault(tag, []).append(work.result()[0].item() / world)
    return {tag: sum(v) / len(v) for tag, v in out.items()}


class Classifier(nn.Module):
    def __init__(self, in_dim=20, n_classes=5):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, 64), nn.ReLU(), nn.Dropout(0.1), nn.Linear(64, n_classes))

    def forward(self, x):
        return self.net(x)


def batches(n, gen, bs=32):
    for _ in range(n):
        x = torch.randn(bs, 20, generator=gen)
        yield x, x[:, :5].argmax(dim=1)


def train_epoch(model, optimizer, gen):
    model.train()
    for x, y in batches(4, gen):
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        reduce_scalar_async("train/loss", loss)


def validate(model, gen):
    model.eval()
    for x, y in batches(2, gen):
        logits = model(x)
        reduce_scalar_async("val/loss", F.cross_entropy(logits, y))
        reduce_scalar_async("val/acc", (logits.argmax(dim=1) == y).float().mean())


def main():
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1,
                            timeout=datetime.timedelta(seconds=30))
    try:
        gen = torch.Generator().manual_seed(0)
        model = Classifier()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        for epoch in range(3):
            train_epoch(model, optimizer, gen)
            stats = collect_reduced()
            validate(model, gen)
            print(epoch, {k: round(v, 4) for k, v in stats.items()})
    finally:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
