"""Local experiment tracker: scalars go to an SQLite table, epoch summaries are computed in SQL."""
import math
import sqlite3


class SQLiteTracker:
    def __init__(self, run_id, steps_per_epoch, path=":memory:"):
        self.run_id = run_id
        self.steps_per_epoch = steps_per_epoch
        self.watched = {}
        self.conn = sqlite3.connect(path)  # retain
        self.conn.execute("CREATE TABLE scalars (run TEXT, step INTEGER, tag TEXT, value REAL)")
        self.conn.create_function("epoch_of", 1, self._epoch_of, deterministic=True)  # retain

    def _epoch_of(self, step):
        return step // self.steps_per_epoch

    def watch(self, model, prefix="model"):
        self.watched[prefix] = model

    def log(self, step, **scalars):
        rows = [(self.run_id, step, tag, float(v)) for tag, v in scalars.items() if math.isfinite(v)]
        self.conn.executemany("INSERT INTO scalars VALUES (?, ?, ?, ?)", rows)

    def log_weight_norms(self, step):
        for prefix, model in self.watched.items():
            norms = {f"{prefix}/{n}": p.detach().norm().item() for n, p in model.named_parameters()}
            self.log(step, **norms)

    def epoch_summary(self, tag):
        query = ("SELECT epoch_of(step) AS epoch, AVG(value), MIN(value) FROM scalars "
                 "WHERE run = ? AND tag = ? GROUP BY epoch ORDER BY epoch")
        return self.conn.execute(query, (self.run_id, tag)).fetchall()

    def finish(self):
        self.conn.commit()
        return {"run": self.run_id, "loss_by_epoch": self.epoch_summary("train/loss")}
