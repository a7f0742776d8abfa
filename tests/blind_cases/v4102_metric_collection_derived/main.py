"""Train and validate a classifier; each validation pass builds its metric collection."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from collection import MetricCollection
from metrics import F1, Precision, Recall

NUM_CLASSES = 4
METRICS = {"precision": Precision, "recall": Recall, "f1": F1}


def build_metrics(names, prefix):
    return MetricCollection([METRICS[n](NUM_CLASSES) for n in names], prefix=prefix)


def batches(n_batches, seed):
    g = torch.Generator().manual_seed(seed)
    for _ in range(n_batches):
        x = torch.randn(16, 10, generator=g)
        yield x, (x[:, :NUM_CLASSES].argmax(1) + torch.randint(0, 2, (16,), generator=g)) % NUM_CLASSES


def validate(model, names, epoch):
    metrics = build_metrics(names, prefix="val/")
    model.eval()
    with torch.no_grad():
        for x, y in batches(3, seed=100 + epoch):
            metrics.update(model(x).argmax(dim=1), y)
    return metrics.compute()


def main():
    model = nn.Sequential(nn.Linear(10, 24), nn.ReLU(), nn.Linear(24, NUM_CLASSES))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    history = []
    for epoch in range(3):
        model.train()
        for x, y in batches(4, seed=epoch):
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        scores = validate(model, ["precision", "recall", "f1"], epoch)
        history.append(scores)
        print(epoch, {k: round(v, 3) for k, v in scores.items()})
    best = max(range(len(history)), key=lambda i: history[i]["val/f1"])
    print("best epoch", best)


if __name__ == "__main__":
    main()
