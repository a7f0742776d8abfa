"""Tracked runs whose log lines are batched for upload; the run closes its uploader when it ends."""
import json
import logging
import logging.handlers

import torch
import torch.nn as nn
import torch.nn.functional as F

LOGGER = logging.getLogger("experiment")
LOGGER.setLevel(logging.INFO)


class UploadHandler(logging.handlers.BufferingHandler):
    def __init__(self, run_id, capacity=128):
        super().__init__(capacity)
        self.run_id = run_id
        self.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
        self.uploaded = []

    def flush(self):
        self.acquire()
        try:
            if self.buffer:
                lines = [self.format(record) for record in self.buffer]
                self.uploaded.append(json.dumps({"run": self.run_id, "lines": lines}))
            self.buffer.clear()
        finally:
            self.release()


class TrackedRun:
    def __init__(self, project, name, config):
        self.project, self.name = project, name
        self.config = dict(config)
        self.metrics = {}
        self.state = "created"
        self._upload = UploadHandler(run_id=f"{project}/{name}")

    def __str__(self):
        return f"{self.project}/{self.name}"

    def start(self):
        LOGGER.addHandler(self._upload)
        self.state = "running"

    def log(self, **metrics):
        for key, value in metrics.items():
            self.metrics.setdefault(key, []).append(value)

    def finish(self, state="finished"):
        LOGGER.removeHandler(self._upload)
        self._upload.close()
        self.state = state
        return {key: values[-1] for key, values in self.metrics.items()}


def fit(run, model, lr, epochs=3, n_batches=3):
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    run.start()
    state = "failed"
    try:
        for epoch in range(epochs):
            running = 0.0
            for _ in range(n_batches):
                x = torch.randn(16, 6)
                loss = F.smooth_l1_loss(model(x), x.sum(dim=1, keepdim=True))
                opt.zero_grad()
                loss.backward()
                opt.step()
                running += loss.item()
            run.log(train_loss=running / n_batches)
            LOGGER.info("[%s] epoch %d train_loss=%.4f", run, epoch, running / n_batches)
        state = "finished"
    finally:
        summary = run.finish(state)
    return summary


def main():
    summaries = []
    for i, (depth, lr) in enumerate([(1, 0.01), (2, 0.01), (2, 0.003)]):
        layers = [nn.Linear(6, 24), nn.SiLU()]
        for _ in range(depth - 1):
            layers += [nn.Linear(24, 24), nn.SiLU()]
        model = nn.Sequential(*layers, nn.Linear(24, 1))
        run = TrackedRun("regression", f"trial{i}", {"depth": depth, "lr": lr})
        summaries.append(fit(run, model, lr))
        assert run._upload.uploaded and not run._upload.buffer
    assert min(s["train_loss"] for s in summaries) >= 0


if __name__ == "__main__":
    main()
