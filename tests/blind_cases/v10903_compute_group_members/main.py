"""Training loop that builds fresh validation metrics for every epoch."""
import torch
import torch.nn as nn

from classification import F1Score, Precision, Recall
from collection import MetricCollection

CFG = {"num_classes": 5, "epochs": 3, "train_steps": 6, "val_steps": 3, "batch": 24}


def build_val_metrics(cfg):
    n = cfg["num_classes"]
    return MetricCollection({
        "precision": Precision(n),
        "recall": Recall(n),
        "f1": F1Score(n),
        "f1_per_class": F1Score(n, average=None),
    }, prefix="val/")


def sample(cfg, gen):
    x = torch.randn(cfg["batch"], 16, generator=gen)
    return x, x[:, : cfg["num_classes"]].argmax(dim=1)


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(3)
    model = nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.Linear(32, CFG["num_classes"]))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    best = {"epoch": -1, "val/f1": 0.0}
    for epoch in range(CFG["epochs"]):
        for _ in range(CFG["train_steps"]):
            x, y = sample(CFG, gen)
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        metrics = build_val_metrics(CFG)
        with torch.no_grad():
            for _ in range(CFG["val_steps"]):
                x, y = sample(CFG, gen)
                metrics.update(model(x), y)
        results = metrics.compute()
        if results["val/f1"] > best["val/f1"]:
            best = {"epoch": epoch, "val/f1": results["val/f1"]}
        print(epoch, {k: v for k, v in results.items() if not isinstance(v, list)})
    print("best", best)


if __name__ == "__main__":
    main()
