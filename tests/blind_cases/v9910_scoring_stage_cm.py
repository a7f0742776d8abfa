"""Partitioned batch-scoring job streamed partition by partition through a runner."""
import contextlib
import time

import torch
import torch.nn as nn

JOB_CONFIG = {"partitions": 5, "rows_per_partition": 96, "batch_size": 32,
              "threshold": 0.5, "max_flag_rate": 0.6}


class ScoringJob:
    def __init__(self, model, config):
        self.model = model
        self.config = dict(config)
        self.timings = {}
        self.outputs = {}
        self._stage_cm = None

    @contextlib.contextmanager
    def stage(self, name):
        start = time.perf_counter()
        was_training = self.model.training
        self.model.eval()
        try:
            yield
        finally:
            self.model.train(was_training)
            self.timings[name] = time.perf_counter() - start

    def begin_partition(self, name):
        self._stage_cm = self.stage(name)  # cycle
        self._stage_cm.__enter__()

    def end_partition(self, exc=None):
        self._stage_cm.__exit__(type(exc) if exc else None, exc, None)

    @torch.no_grad()
    def score(self, name, rows):
        scores = []
        for start in range(0, rows.shape[0], self.config["batch_size"]):
            logits = self.model(rows[start:start + self.config["batch_size"]])
            scores.extend(torch.sigmoid(logits).squeeze(-1).tolist())
        flagged = sum(s > self.config["threshold"] for s in scores)
        self.outputs[name] = {"rows": len(scores), "flagged": flagged}
        return self.outputs[name]


class PartitionRunner:
    def __init__(self, job):
        self.job = job

    def iter_results(self, partitions):
        for name, rows in partitions.items():
            self.job.begin_partition(name)
            try:
                yield name, self.job.score(name, rows)
            except Exception as exc:
                self.job.end_partition(exc)
                raise
            self.job.end_partition()


def load_partitions(config, n_features, seed):
    g = torch.Generator().manual_seed(seed)
    return {f"dt=2024-05-{d:02d}": torch.randn(config["rows_per_partition"], n_features, generator=g)
            for d in range(1, config["partitions"] + 1)}


def main():
    n_features = 16
    for run in range(3):
        torch.manual_seed(run)
        model = nn.Sequential(nn.Linear(n_features, 32), nn.ReLU(), nn.Linear(32, 1))
        job = ScoringJob(model, JOB_CONFIG)
        status = "ok"
        for name, result in PartitionRunner(job).iter_results(load_partitions(JOB_CONFIG, n_features, run)):
            if result["flagged"] > JOB_CONFIG["max_flag_rate"] * result["rows"]:
                status = f"halted at {name}"
                break
        print(f"run {run}: {len(job.outputs)} partitions scored, {status}")


if __name__ == "__main__":
    main()
