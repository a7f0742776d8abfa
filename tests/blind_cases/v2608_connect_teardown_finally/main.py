"""Hyper-parameter trials for a tabular classifier; each trial gets a fresh module and trainer.
Trials that hit a non-finite loss are reported and skipped."""
import torch

from loop import Trainer
from task import TabularClassifier

TRIALS = [
    {"hidden": 32, "lr": 1e-2, "patience": 2},
    {"hidden": 16, "lr": 3e-1, "patience": 0},
    {"hidden": 32, "lr": 1e-2, "patience": 2, "poison": True},
]


def make_batches(n, batch_size=16, n_features=10, n_classes=3, poison=False):
    batches = []
    for i in range(n):
        x = torch.randn(batch_size, n_features)
        if poison and i == n - 1:
            x[0, 0] = float("inf")
        batches.append((x, torch.randint(0, n_classes, (batch_size,))))
    return batches


def main():
    torch.manual_seed(0)
    val_batches = make_batches(2)
    results, failed = [], []
    for trial in TRIALS:
        train_batches = make_batches(3, poison=trial.get("poison", False))
        module = TabularClassifier(10, 3, hidden=trial["hidden"], lr=trial["lr"])
        trainer = Trainer(max_epochs=4, patience=trial["patience"])
        try:
            results.append((trial, trainer.fit(module, train_batches, val_batches)))
        except FloatingPointError as err:
            failed.append((trial, str(err)))
    print("results:", results)
    print("failed:", failed)


if __name__ == "__main__":
    main()
