"""Validation with bootstrap confidence intervals (indices resampled, records looked up)."""
import statistics

import torch
import torch.nn as nn

from records import EvalRecords

SETTINGS = {"epochs": 3, "batch_size": 32, "val_batches": 4, "n_boot": 60, "coverage": 0.9}


def batches(n_batches, batch_size, seed):
    gen = torch.Generator().manual_seed(seed)
    for _ in range(n_batches):
        x = torch.randn(batch_size, 12, generator=gen)
        y = (x[:, :4].argmax(dim=1) + (x[:, 4] > 1.5).long()) % 4
        yield x, y


def error_rate(labels, preds, confidence):
    return (labels != preds).float().mean().item()


def mean_confidence(labels, preds, confidence):
    return confidence.mean().item()


def interval(records, stat, n_boot, coverage):
    values = [stat(*records.subset(records.draw())) for _ in range(n_boot)]
    cuts = statistics.quantiles(values, n=20)
    tail = int(round((1 - coverage) / 2 * 20))
    return stat(records.labels, records.preds, records.confidence), cuts[tail - 1], cuts[-tail]


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 4))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    log = []
    for epoch in range(SETTINGS["epochs"]):
        model.train()
        for x, y in batches(5, SETTINGS["batch_size"], seed=100 + epoch):
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        records = EvalRecords.collect(model, batches(SETTINGS["val_batches"], SETTINGS["batch_size"], 1234),
                                      seed=epoch)
        row = {name: interval(records, fn, SETTINGS["n_boot"], SETTINGS["coverage"])
               for name, fn in (("error", error_rate), ("confidence", mean_confidence))}
        log.append(row)
        err, lo, hi = row["error"]
        print(f"epoch {epoch}: error {err:.3f} [{lo:.3f}, {hi:.3f}]")
    return log


if __name__ == "__main__":
    main()
