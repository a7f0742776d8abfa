"""Trainer that overlaps validation with training on a worker thread and logs via a done-callback."""
import copy
import threading
from concurrent.futures import ThreadPoolExecutor

import torch
import torch.nn as nn


class OverlappedTrainer:
    def __init__(self, model, val_x, val_y, pool):
        self.model = model
        self.val_x, self.val_y = val_x, val_y
        self.pool = pool
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        self.weights_lock = threading.Lock()
        self.val_scores = []
        self.pending = None

    def _validate(self, snapshot):
        with self.weights_lock:
            with torch.no_grad():
                logits = snapshot(self.val_x)
            return (logits.argmax(1) == self.val_y).float().mean().item()

    def _record(self, fut):
        self.val_scores.append(fut.result())

    def train_epoch(self, batches):
        if self.pending is not None:
            self.pending.result()
        snapshot = copy.deepcopy(self.model).eval()
        with self.weights_lock:
            fut = self.pool.submit(self._validate, snapshot)
            fut.add_done_callback(self._record)  # cycle
            self.pending = fut  # cycle
            for x, y in batches:
                loss = nn.functional.cross_entropy(self.model(x), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()

    def finish(self):
        self.pending.result()
        return self.val_scores


def main():
    torch.manual_seed(0)
    val_x, val_y = torch.randn(32, 8), torch.randint(0, 3, (32,))
    batches = [(torch.randn(16, 8), torch.randint(0, 3, (16,))) for _ in range(3)]
    with ThreadPoolExecutor(max_workers=1) as pool:
        for trial in range(2):
            model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 3))
            trainer = OverlappedTrainer(model, val_x, val_y, pool)
            for epoch in range(2):
                trainer.train_epoch(batches)
            trainer.finish()


if __name__ == "__main__":
    main()
