"""Cluster job wrapper: a per-run log file that also receives stack dumps on SIGUSR2."""
import faulthandler
import os
import signal
import tempfile
import time

import torch
import torch.nn as nn


class RunLog:
    """Line-buffered run log that can summarise the watched model's parameters."""

    def __init__(self, path, watch=None):
        self.path = path
        self.watch = watch
        self._fh = open(path, "a", buffering=1)

    def fileno(self):
        return self._fh.fileno()

    def flush(self):
        self._fh.flush()

    def write(self, msg):
        self._fh.write(f"[{time.strftime('%H:%M:%S')}] {msg}\n")

    def param_summary(self):
        with torch.no_grad():
            norms = {n: p.norm().item() for n, p in self.watch.named_parameters()}
        return " ".join(f"{n}={v:.3f}" for n, v in norms.items())

    def close(self):
        if not self._fh.closed:
            self._fh.close()


class Job:
    def __init__(self, run_dir, seed, cfg):
        torch.manual_seed(seed)
        self.cfg = cfg
        self.model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"])
        self.log = RunLog(os.path.join(run_dir, f"seed{seed}.log"), watch=self.model)

    def setup(self):
        faulthandler.register(signal.SIGUSR2, file=self.log, all_threads=True)  # retain
        self.log.write(f"job started, config={self.cfg}")

    def teardown(self):
        self.log.write("job finished: " + self.log.param_summary())
        self.log.close()

    def run(self):
        self.setup()
        try:
            for step in range(self.cfg["steps"]):
                x, y = torch.randn(16, 8), torch.randint(0, 2, (16,))
                loss = nn.functional.cross_entropy(self.model(x), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                if step % self.cfg["log_every"] == 0:
                    self.log.write(f"step {step} loss {loss.item():.4f}")
        finally:
            self.teardown()


def main():
    cfg = {"lr": 0.1, "steps": 6, "log_every": 2}
    with tempfile.TemporaryDirectory() as run_dir:
        for seed in range(3):
            Job(run_dir, seed, cfg).run()


if __name__ == "__main__":
    main()
