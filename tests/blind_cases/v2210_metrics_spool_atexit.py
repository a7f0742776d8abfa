"""Buffered JSON-lines metrics spool that is flushed at interpreter exit if a run dies early."""
import atexit
import json
import os
import tempfile

import torch
import torch.nn as nn


class MetricsSpool:
    def __init__(self, path, flush_every=8):
        self.path = path
        self.flush_every = flush_every
        self._buffer = []
        self._registered = False

    def open(self):
        if not self._registered:
            atexit.register(self.flush)
            self._registered = True
        return self

    def log(self, **record):
        self._buffer.append(record)
        if len(self._buffer) >= self.flush_every:
            self.flush()

    def flush(self):
        if not self._buffer:
            return
        with open(self.path, "a") as fh:
            for rec in self._buffer:
                fh.write(json.dumps(rec) + "\n")
        self._buffer.clear()

    def close(self):
        self.flush()
        if self._registered:
            atexit.unregister(self.flush)
            self._registered = False


class Experiment:
    def __init__(self, out_dir, name, lr):
        self.name = name
        self.model = nn.Sequential(nn.Linear(5, 20), nn.Tanh(), nn.Linear(20, 1))
        self.opt = torch.optim.RMSprop(self.model.parameters(), lr=lr)
        self.spool = MetricsSpool(os.path.join(out_dir, f"{name}.jsonl")).open()

    def run(self, steps=10):
        try:
            for step in range(steps):
                x = torch.randn(16, 5)
                loss = (self.model(x).squeeze(-1) - x.prod(-1)).pow(2).mean()
                self.opt.zero_grad()
                loss.backward()
                grad_norm = nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
                self.opt.step()
                self.spool.log(run=self.name, step=step, loss=loss.item(), grad_norm=float(grad_norm))
        finally:
            self.spool.close()


def main():
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as out_dir:
        for i, lr in enumerate((1e-3, 3e-3, 1e-2)):
            Experiment(out_dir, f"sweep{i}", lr).run()


if __name__ == "__main__":
    main()
