"""Cross-validation driver that gives every fold its own, isolated logger tree."""
import io
import logging
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F

CHANNELS = ("train", "eval", "checkpoint")
LINE_FORMAT = "%(name)s %(levelname)s %(message)s"


@dataclass
class FoldLogging:
    """Loggers of one fold; kept out of the process-wide logging tree so folds never share handlers."""
    root: logging.Logger
    manager: logging.Manager
    stream: io.StringIO
    channels: dict = field(default_factory=dict)

    def __getitem__(self, channel):
        return self.channels[channel]

    def text(self):
        return self.stream.getvalue()


def build_fold_logging(fold, level=logging.INFO):
    stream = io.StringIO()
    root = logging.RootLogger(level)
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter(LINE_FORMAT))
    root.addHandler(handler)
    manager = logging.Manager(root)
    channels = {name: manager.getLogger(f"fold{fold}.{name}") for name in CHANNELS}  # cycle
    return FoldLogging(root=root, manager=manager, stream=stream, channels=channels)


def split_folds(x, y, k):
    idx = torch.arange(len(x))
    for fold in range(k):
        val_mask = idx % k == fold
        yield fold, (x[~val_mask], y[~val_mask]), (x[val_mask], y[val_mask])


def fit_fold(fold, train, val, epochs=3):
    logs = build_fold_logging(fold)
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    best = float("inf")
    for epoch in range(epochs):
        loss = F.cross_entropy(model(train[0]), train[1])
        opt.zero_grad()
        loss.backward()
        opt.step()
        logs["train"].info("epoch %d loss %.4f", epoch, loss.item())
        with torch.no_grad():
            val_loss = F.cross_entropy(model(val[0]), val[1]).item()
        logs["eval"].info("epoch %d val_loss %.4f", epoch, val_loss)
        if val_loss < best:
            best = val_loss
            logs["checkpoint"].info("new best %.4f at epoch %d", best, epoch)
    return best, logs.text()


def main():
    x, y = torch.randn(60, 8), torch.randint(0, 2, (60,))
    scores = []
    for fold, train, val in split_folds(x, y, k=3):
        best, transcript = fit_fold(fold, train, val)
        scores.append(best)
        assert f"fold{fold}.train" in transcript
    mean_score = sum(scores) / len(scores)
    assert mean_score > 0


if __name__ == "__main__":
    main()
