"""Lightning-style CSVLogger whose experiment writer buffers CSV text before flushing it in chunks."""
import csv
import io

import torch
import torch.nn as nn
import torch.nn.functional as F


class ExperimentWriter:
    """Collects metric rows as CSV text; ``save()`` moves the buffered text to the sink."""

    def __init__(self, sink, flush_every=6):
        self.sink = sink
        self.flush_every = flush_every
        self.hparams = {}
        self.metrics = []
        self._chunks = []
        self._writer = None

    def write(self, text):
        self._chunks.append(text)
        return len(text)

    def log_hparams(self, params):
        self.hparams.update(params)

    def log_metrics(self, metrics, step):
        row = {"step": step, **{k: round(float(v), 6) for k, v in metrics.items()}}
        self.metrics.append(row)
        if self._writer is None:
            self._writer = csv.DictWriter(self, fieldnames=list(row), extrasaction="ignore")  # cycle
            self._writer.writeheader()
        self._writer.writerow(row)
        if len(self._chunks) >= self.flush_every:
            self.save()

    def save(self):
        self.sink.write("".join(self._chunks))
        self._chunks.clear()


class CSVLogger:
    def __init__(self, name="default", version=0):
        self.name = name
        self.version = version
        self.sink = io.StringIO()
        self._experiment = None

    @property
    def experiment(self):
        if self._experiment is None:
            self._experiment = ExperimentWriter(self.sink)
        return self._experiment

    def log_hyperparams(self, params):
        self.experiment.log_hparams(params)

    def log_metrics(self, metrics, step):
        self.experiment.log_metrics(metrics, step)

    def finalize(self, status):
        self.experiment.save()


def fit(model, optimizer, logger, epochs=2, steps=5):
    step = 0
    for epoch in range(epochs):
        for _ in range(steps):
            x = torch.randn(8, 6)
            y = (x[:, :3].sum(1) > 0).long()
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            step += 1
            logger.log_metrics({"loss": loss.item(), "epoch": epoch}, step)
    logger.finalize("success")


def main():
    for version, lr in enumerate((0.01, 0.05, 0.1)):
        model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 2))
        optimizer = torch.optim.SGD(model.parameters(), lr=lr)
        logger = CSVLogger("sweep", version=version)
        logger.log_hyperparams({"lr": lr, "hidden": 16})
        fit(model, optimizer, logger)


if __name__ == "__main__":
    main()
