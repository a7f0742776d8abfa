"""Random-search trials; each trial keeps its learning curve in SQLite and is pruned with a SQL query."""
import random
import sqlite3

import torch
import torch.nn as nn
import torch.nn.functional as F


class TrialPruned(Exception):
    pass


class TrialRecorder:
    """Stores intermediate values of one trial; `improved(a, b)` is exposed to SQL."""

    def __init__(self, number, direction="minimize", patience=2):
        self.number = number
        self.direction = direction
        self.patience = patience
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE TABLE curve (step INTEGER PRIMARY KEY, value REAL)")
        self.db.create_function("improved", 2, self.improved)

    def improved(self, new, old):
        return int(new < old if self.direction == "minimize" else new > old)

    def report(self, step, value):
        self.db.execute("INSERT INTO curve VALUES (?, ?)", (step, value))

    def should_prune(self):
        rows = self.db.execute(
            "SELECT improved(c.value, p.value) FROM curve c JOIN curve p ON p.step = c.step - 1 "
            "ORDER BY c.step DESC LIMIT ?", (self.patience,)).fetchall()
        return len(rows) == self.patience and not any(r[0] for r in rows)

    def best(self):
        agg = "MIN" if self.direction == "minimize" else "MAX"
        return self.db.execute(f"SELECT {agg}(value) FROM curve").fetchone()[0]

    def close(self):
        self.db.close()


def objective(recorder, params, epochs=4):
    torch.manual_seed(recorder.number)
    model = nn.Sequential(nn.Linear(6, params["width"]), nn.SiLU(), nn.Linear(params["width"], 1))
    opt = torch.optim.SGD(model.parameters(), lr=params["lr"], momentum=0.9)
    for epoch in range(epochs):
        for _ in range(3):
            x = torch.randn(12, 6)
            loss = F.smooth_l1_loss(model(x), x[:, :2].sum(dim=1, keepdim=True))
            opt.zero_grad()
            loss.backward()
            opt.step()
        recorder.report(epoch, loss.item())
        if recorder.should_prune():
            raise TrialPruned(f"trial {recorder.number} pruned at epoch {epoch}")
    return recorder.best()


def main(n_trials=4):
    rng = random.Random(0)
    results = []
    for number in range(n_trials):
        params = {"lr": 10 ** rng.uniform(-3, -1), "width": rng.choice([8, 16, 32])}
        recorder = TrialRecorder(number)
        try:
            results.append((objective(recorder, params), number, params))
        except TrialPruned:
            results.append((recorder.best(), number, params))
        finally:
            recorder.close()
    return min(results)


if __name__ == "__main__":
    main()
