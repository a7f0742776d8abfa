"""Trainer that writes rolling in-memory snapshots on a wall-clock interval (sched-driven)."""
import collections
import io
import sched
import time

import torch
import torch.nn as nn


class IntervalSnapshotter:
    """Keeps the last few serialized snapshots so a diverged run can roll back quickly."""

    def __init__(self, model, optimizer, interval_s=0.01, keep=2):
        self.model = model
        self.optimizer = optimizer
        self.interval_s = interval_s
        self.snapshots = collections.deque(maxlen=keep)
        self._clock = sched.scheduler(time.monotonic, time.sleep)  # cycle
        self._pending = None
        self.step = 0

    def _arm(self):
        self._pending = self._clock.enter(self.interval_s, 1, self._snapshot)  # cycle

    def _snapshot(self):
        buf = io.BytesIO()
        torch.save({"step": self.step, "model": self.model.state_dict()}, buf)
        self.snapshots.append((self.step, buf.getvalue()))
        self._arm()

    def start(self):
        self._arm()
        return self

    def tick(self, step):
        self.step = step
        self._clock.run(blocking=False)

    def rollback(self):
        step, blob = self.snapshots[-1]
        state = torch.load(io.BytesIO(blob))
        self.model.load_state_dict(state["model"])
        self.optimizer.state.clear()
        return step

    def finalize(self):
        self._snapshot()
        return len(self.snapshots)


def run(seed, steps=12, spike_at=8):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(6, 24), nn.SiLU(), nn.Linear(24, 1))
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    snap = IntervalSnapshotter(model, opt).start()
    best = float("inf")
    for step in range(steps):
        x = torch.randn(32, 6)
        scale = 50.0 if step == spike_at else 1.0
        loss = (model(x).squeeze(-1) - scale * x[:, 0]).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if loss.item() > 20 * best and snap.snapshots:
            snap.rollback()
        best = min(best, loss.item())
        time.sleep(0.002)
        snap.tick(step)
    snap.finalize()


def main():
    for seed in range(2):
        run(seed)


if __name__ == "__main__":
    main()
