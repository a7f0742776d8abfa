"""Resumable epoch iterator: restarts mid-epoch from a saved batch offset after preemption."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

CFG = {"epochs": 3, "batch_size": 16, "resume": {"epoch": 1, "batch": 3}}


class EpochStats:
    def __init__(self, epoch, batches, skipped):
        self.epoch = epoch
        self.batches = batches
        self.skipped = skipped


def _iterate(loader, epoch, start_batch):
    batches = 0
    for index, batch in enumerate(loader):
        if index < start_batch:
            continue
        batches += 1
        yield index, batch
    return EpochStats(epoch, batches, start_batch)


class ResumableEpoch:
    def __init__(self, loader, epoch, start_batch=0):
        self.epoch = epoch
        self.position = start_batch
        self._it = _iterate(loader, epoch, start_batch)
        self._stop = None

    def __iter__(self):
        return self

    def __next__(self):
        if self._stop is not None:
            raise StopIteration(self._stop.value)
        try:
            index, batch = next(self._it)
        except StopIteration as stop:
            self._stop = stop  # cycle
            raise
        self.position = index + 1
        return batch

    def state_dict(self):
        return {"epoch": self.epoch, "batch": self.position}

    @property
    def stats(self):
        return None if self._stop is None else self._stop.value


def main():
    data = TensorDataset(torch.randn(128, 8), torch.randint(0, 4, (128,)))
    loader = DataLoader(data, batch_size=CFG["batch_size"], shuffle=False)
    model = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 4))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    resume = CFG["resume"]
    for epoch in range(resume["epoch"], CFG["epochs"]):
        start = resume["batch"] if epoch == resume["epoch"] else 0
        batches = ResumableEpoch(loader, epoch, start)
        for x, y in batches:
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        stats = batches.stats
        print(f"epoch {stats.epoch}: {stats.batches} batches, {stats.skipped} skipped on resume")


if __name__ == "__main__":
    main()
