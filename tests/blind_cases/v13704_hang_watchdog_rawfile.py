"""Largest-batch search with a stall watchdog that writes stack dumps into the run log file."""
import dataclasses
import faulthandler
import os
import tempfile
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

SEARCH = {
    "start_batch": 8,
    "max_batch": 1024,
    "activation_budget": 6_000,
    "step_timeout_s": 900,
    "seq_len": 6,
    "dim": 16,
}


class OutOfMemory(RuntimeError):
    pass


@dataclasses.dataclass
class RunState:
    model: nn.Module
    optimizer: torch.optim.Optimizer
    step: int = 0


class RunLog:
    """Line-oriented run log; each line is stamped with the run's current step."""

    def __init__(self, name, state):
        fd, self.path = tempfile.mkstemp(prefix=f"{name}-", suffix=".log")
        self.stream = os.fdopen(fd, "w", buffering=1)
        self.state = state

    def write(self, text):
        self.stream.write(f"[{time.strftime('%H:%M:%S')} step={self.state.step}] {text}\n")

    def close(self):
        self.stream.close()
        os.unlink(self.path)


class StallWatchdog:
    def __init__(self, log, timeout):
        self.log = log
        self.timeout = timeout

    def arm(self):
        self.log.stream.flush()
        faulthandler.dump_traceback_later(self.timeout, repeat=False, file=self.log.stream)

    def disarm(self):
        faulthandler.cancel_dump_traceback_later()


class Probe:
    def __init__(self, name, width, cfg):
        self.cfg = cfg
        model = nn.Sequential(
            nn.Linear(cfg["dim"], width), nn.ReLU(), nn.Linear(width, cfg["dim"]))
        self.state = RunState(model, torch.optim.AdamW(model.parameters(), lr=1e-3))
        self.log = RunLog(name, self.state)
        self.watchdog = StallWatchdog(self.log, cfg["step_timeout_s"])

    def _check_budget(self, batch):
        needed = batch * self.cfg["seq_len"] * self.state.model[0].out_features
        if needed > self.cfg["activation_budget"]:
            raise OutOfMemory(f"simulated OOM: {needed} activations > budget at batch {batch}")

    def try_batch(self, batch):
        state = self.state
        state.step += 1
        self.watchdog.arm()
        self._check_budget(batch)
        x = torch.randn(batch, self.cfg["seq_len"], self.cfg["dim"])
        loss = F.mse_loss(state.model(x), x)
        state.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        state.optimizer.step()
        self.watchdog.disarm()
        self.log.write(f"batch {batch} ok, loss {loss.item():.4f}")

    def search(self):
        best, batch = None, self.cfg["start_batch"]
        while batch <= self.cfg["max_batch"]:
            try:
                self.try_batch(batch)
            except OutOfMemory as err:
                self.log.write(str(err))
                break
            best, batch = batch, batch * 2
        return best


def main():
    found = {}
    for width in (32, 64):
        probe = Probe(f"bs-search-w{width}", width, SEARCH)
        found[width] = probe.search()
        probe.log.close()
    assert found[32] >= found[64]


if __name__ == "__main__":
    main()
