"""Per-trial run store backed by SQLite (MLflow-style local tracking), finalized when the trial ends."""
import contextlib
import json
import sqlite3
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

SCHEMA = """
CREATE TABLE IF NOT EXISTS params  (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS metrics (step INTEGER, key TEXT, value REAL, ts REAL);
"""


class RunStore:
    def __init__(self, run_name, uri=":memory:"):
        self.run_name = run_name
        self._db = sqlite3.connect(uri)  # cycle
        self._db.executescript(SCHEMA)
        self._pending = []

    def log_params(self, params):
        rows = [(k, json.dumps(v)) for k, v in sorted(params.items())]
        with self._db:
            self._db.executemany("INSERT OR REPLACE INTO params VALUES (?, ?)", rows)

    def log_metrics(self, step, **values):
        now = time.time()
        self._pending.extend((step, k, float(v), now) for k, v in values.items())
        if len(self._pending) >= 8:
            self.flush()

    def flush(self):
        if self._pending:
            with self._db:
                self._db.executemany("INSERT INTO metrics VALUES (?, ?, ?, ?)", self._pending)
            self._pending.clear()

    def best(self, key):
        self.flush()
        row = self._db.execute("SELECT MIN(value) FROM metrics WHERE key = ?", (key,)).fetchone()
        return row[0]

    def finish(self, status="FINISHED"):
        self.flush()
        with self._db:
            self._db.execute("INSERT OR REPLACE INTO params VALUES ('status', ?)", (json.dumps(status),))


@contextlib.contextmanager
def open_run(name, params):
    store = RunStore(name)
    store.log_params(params)
    status = "FAILED"
    try:
        yield store
        status = "FINISHED"
    finally:
        store.finish(status)


def train_trial(lr, hidden, steps=12):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, hidden), nn.GELU(), nn.Linear(hidden, 1))
    opt = torch.optim.AdamW(model.parameters(), lr=lr)
    with open_run(f"lr{lr}-h{hidden}", {"lr": lr, "hidden": hidden}) as run:
        for step in range(steps):
            x = torch.randn(16, 8)
            loss = F.mse_loss(model(x), x.mean(dim=1, keepdim=True))
            opt.zero_grad()
            loss.backward()
            opt.step()
            run.log_metrics(step, loss=loss.item(), lr=opt.param_groups[0]["lr"])
        return run.best("loss")


def main():
    scores = {}
    for lr in (1e-3, 1e-2):
        for hidden in (8, 32):
            scores[(lr, hidden)] = train_trial(lr, hidden)
    return min(scores, key=scores.get)


if __name__ == "__main__":
    main()
