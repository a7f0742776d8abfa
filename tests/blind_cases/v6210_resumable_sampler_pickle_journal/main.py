"""Two short training runs whose data order is journaled so a preempted job could resume."""
import os
import tempfile

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from journal import StateJournal
from sampler import ResumableRandomSampler


def run(seed, workdir, epochs=2):
    torch.manual_seed(seed)
    x = torch.randn(32, 5)
    data = TensorDataset(x, x @ torch.randn(5, 1))
    path = os.path.join(workdir, "sampler-%d.journal" % seed)
    with open(path, "wb") as fh:
        sampler = ResumableRandomSampler(len(data), StateJournal(fh), seed=seed)
        loader = DataLoader(data, batch_size=8, sampler=sampler)
        model = nn.Linear(5, 1)
        opt = torch.optim.SGD(model.parameters(), lr=0.05)
        for epoch in range(epochs):
            sampler.set_epoch(epoch)
            for xb, yb in loader:
                loss = nn.functional.mse_loss(model(xb), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
    with open(path, "rb") as fh:
        state = StateJournal.last_record(fh)
    return loss.item(), state.epoch, state.cursor


def main():
    with tempfile.TemporaryDirectory() as workdir:
        for seed in (0, 1):
            loss, epoch, cursor = run(seed, workdir)
            print("seed %d loss %.3f resume point epoch=%d cursor=%d" % (seed, loss, epoch, cursor))


if __name__ == "__main__":
    main()
