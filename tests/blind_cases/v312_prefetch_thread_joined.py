"""Trainer that prefetches batches on a background thread kept on self and joined per epoch."""
import queue
import threading

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

_DONE = object()


class PrefetchTrainer:
    def __init__(self, model, loader, depth=2):
        self.model = model
        self.loader = loader
        self.opt = torch.optim.SGD(model.parameters(), lr=0.05)
        self.batches = queue.Queue(maxsize=depth)
        self._worker = None

    def _prefetch(self):
        for batch in self.loader:
            self.batches.put(batch)
        self.batches.put(_DONE)

    def run_epoch(self):
        self._worker = threading.Thread(target=self._prefetch, name="prefetch", daemon=True)
        self._worker.start()
        total = 0.0
        while True:
            item = self.batches.get()
            if item is _DONE:
                break
            x, y = item
            loss = nn.functional.mse_loss(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            total += loss.item()
        self._worker.join()
        return total


def main():
    torch.manual_seed(0)
    x = torch.randn(64, 5)
    y = x.sum(1, keepdim=True)
    loader = DataLoader(TensorDataset(x, y), batch_size=16)
    for run in range(2):
        model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 1))
        trainer = PrefetchTrainer(model, loader)
        for epoch in range(2):
            trainer.run_epoch()


if __name__ == "__main__":
    main()
