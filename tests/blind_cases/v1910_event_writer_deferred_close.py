"""TensorBoard-style logger whose event writer defers closing unclosed files to interpreter exit."""
import atexit
import io
import json
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

_DEFERRED_CLOSE = []


@atexit.register
def _close_deferred_writers():
    while _DEFERRED_CLOSE:
        _DEFERRED_CLOSE.pop().close()


class EventWriter:
    def __init__(self, logdir, max_queue=10):
        self.logdir = logdir
        self.max_queue = max_queue
        self.hparams = {}
        self._queue = []
        self._file = io.StringIO()
        self.closed = False

    def add_scalar(self, tag, value, step):
        self._queue.append({"tag": tag, "value": float(value), "step": step, "wall_time": time.time()})
        if len(self._queue) >= self.max_queue:
            self.flush()

    def add_hparams(self, hparams):
        self.hparams.update(hparams)

    def flush(self):
        for event in self._queue:
            self._file.write(json.dumps(event) + "\n")
        self._queue.clear()

    def close(self):
        self.flush()
        self._file.close()
        self.closed = True

    def __del__(self):
        if not self.closed:
            _DEFERRED_CLOSE.append(self)  # retain


class TensorBoardLogger:
    def __init__(self, save_dir, name="lightning_logs", version=0):
        self.log_dir = f"{save_dir}/{name}/version_{version}"
        self._experiment = None

    @property
    def experiment(self):
        if self._experiment is None:
            self._experiment = EventWriter(self.log_dir)
        return self._experiment

    def log_hyperparams(self, params):
        self.experiment.add_hparams(params)

    def log_metrics(self, metrics, step):
        for k, v in metrics.items():
            self.experiment.add_scalar(k, v, step)

    def finalize(self, status):
        self.experiment.flush()


class LitClassifier(nn.Module):
    def __init__(self, backbone, num_classes=4, lr=0.01):
        super().__init__()
        self.hparams = {"backbone": backbone, "num_classes": num_classes, "lr": lr}
        self.backbone = backbone
        self.head = nn.Linear(16, num_classes)

    def forward(self, x):
        return self.head(self.backbone(x))


def fit(model, logger, steps=7):
    logger.log_hyperparams(model.hparams)
    optimizer = torch.optim.SGD(model.parameters(), lr=model.hparams["lr"])
    for step in range(steps):
        x, y = torch.randn(8, 12), torch.randint(0, 4, (8,))
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        logger.log_metrics({"train_loss": loss.item()}, step)
    logger.finalize("success")


def main():
    for version in range(3):
        backbone = nn.Sequential(nn.Linear(12, 16), nn.ReLU())
        logger = TensorBoardLogger("runs", version=version)
        fit(LitClassifier(backbone), logger)


if __name__ == "__main__":
    main()
