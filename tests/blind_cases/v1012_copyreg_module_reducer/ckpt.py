"""In-memory checkpoints for quick rollback during a learning-rate sweep."""
import copyreg
import io

import torch


class RunningStats:
    """Streaming mean / variance of a scalar metric (Welford)."""

    def __init__(self, n=0, mean=0.0, m2=0.0, saved_at=None):
        self.n, self.mean, self.m2, self.saved_at = n, mean, m2, saved_at

    def update(self, value):
        self.n += 1
        delta = value - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (value - self.mean)

    @property
    def var(self):
        return self.m2 / max(1, self.n - 1)


def _rebuild_stats(n, mean, m2, saved_at):
    return RunningStats(n, mean, m2, saved_at)


def _reduce_stats(stats):
    return _rebuild_stats, (stats.n, stats.mean, stats.m2, stats.saved_at)


class CheckpointManager:
    def __init__(self, model, optimizer, keep=2):
        self.model = model
        self.optimizer = optimizer
        self.keep = keep
        self.global_step = 0
        self.snapshots = []
        copyreg.pickle(RunningStats, _reduce_stats)

    def save(self, stats):
        stats.saved_at = self.global_step
        buf = io.BytesIO()
        torch.save({"model": self.model.state_dict(), "stats": stats}, buf)
        self.snapshots = (self.snapshots + [buf.getvalue()])[-self.keep:]

    def rollback(self):
        state = torch.load(io.BytesIO(self.snapshots[-1]))
        self.model.load_state_dict(state["model"])
        self.optimizer.state.clear()
        return state["stats"]
