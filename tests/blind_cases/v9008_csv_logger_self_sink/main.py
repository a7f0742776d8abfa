"""Grid of small runs; every run appends its epoch metrics to one CSV file."""
import os
import tempfile

import torch
import torch.nn as nn

from loggers import CSVLogger, SummaryLogger


class Trainer:
    def __init__(self, run_name, model, loggers, lr, epochs=3):
        self.run_name = run_name
        self.model = model
        self.optimizer = torch.optim.RMSprop(model.parameters(), lr=lr)
        self.loggers = list(loggers)
        self.epochs = epochs

    def _run_epoch(self, batches, train):
        self.model.train(train)
        total, count = 0.0, 0
        with torch.set_grad_enabled(train):
            for x, y in batches:
                loss = nn.functional.cross_entropy(self.model(x), y)
                if train:
                    self.optimizer.zero_grad()
                    loss.backward()
                    self.optimizer.step()
                total += loss.item() * len(y)
                count += len(y)
        return total / count

    def fit(self, train_batches, val_batches):
        for lg in self.loggers:
            lg.on_fit_start(self)
        for epoch in range(self.epochs):
            metrics = {"epoch": epoch,
                       "loss": self._run_epoch(train_batches, train=True),
                       "val_loss": self._run_epoch(val_batches, train=False)}
            for lg in self.loggers:
                lg.on_epoch_end(self, metrics)
        for lg in self.loggers:
            lg.on_fit_end(self)


def main():
    torch.manual_seed(0)
    data = [(torch.randn(16, 20), torch.randint(0, 5, (16,))) for _ in range(5)]
    summary = SummaryLogger()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "metrics.csv")
        for lr in (1e-3, 3e-3):
            for dropout in (0.0, 0.2):
                model = nn.Sequential(nn.Linear(20, 32), nn.ReLU(), nn.Dropout(dropout), nn.Linear(32, 5))
                csv_logger = CSVLogger(path, ["run", "epoch", "loss", "val_loss"])
                Trainer(f"lr{lr}-do{dropout}", model, [csv_logger, summary], lr=lr).fit(data[:4], data[4:])
        with open(path) as fh:
            print(f"{sum(1 for _ in fh) - 1} rows logged")
    for run, best in summary.best.items():
        print(run, f"best val_loss={best['val_loss']:.4f} at epoch {best['epoch']}")


if __name__ == "__main__":
    main()
