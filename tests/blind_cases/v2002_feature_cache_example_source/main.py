"""Train a small classifier and run per-round validation with error analysis on cached examples."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from dataset import CachedFeatureDataset, Standardize
from records import collate_examples

SETTINGS = {"rounds": 3, "epochs": 2, "batch_size": 16, "dim": 12, "classes": 3, "top_errors": 3}


def synthetic_split(n, dim, classes, seed):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(classes, dim, generator=g) * 2
    targets = torch.randint(0, classes, (n,), generator=g)
    rows = centers[targets] + torch.randn(n, dim, generator=g)
    return rows, targets


class Evaluator:
    def __init__(self, top_errors):
        self.top_errors = top_errors

    @torch.no_grad()
    def __call__(self, model, loader):
        model.eval()
        correct, worst = 0, []
        for features, targets, examples in loader:
            logp = model(features).log_softmax(-1)
            correct += int((logp.argmax(-1) == targets).sum())
            nll = -logp.gather(1, targets[:, None]).squeeze(1)
            worst.extend(zip(nll.tolist(), [ex.describe() for ex in examples]))
        worst.sort(reverse=True)
        return correct / len(loader.dataset), [desc for _, desc in worst[: self.top_errors]]


def train_round(round_id, cfg, evaluator):
    rows, targets = synthetic_split(96, cfg["dim"], cfg["classes"], seed=round_id)
    norm = Standardize(rows[:64].mean(0), rows[:64].std(0))
    train_ds = CachedFeatureDataset("train%d" % round_id, rows[:64], targets[:64], norm)
    val_ds = CachedFeatureDataset("val%d" % round_id, rows[64:], targets[64:], norm)
    train_dl = DataLoader(train_ds, batch_size=cfg["batch_size"], shuffle=True, collate_fn=collate_examples)
    val_dl = DataLoader(val_ds, batch_size=cfg["batch_size"], collate_fn=collate_examples)
    model = nn.Sequential(nn.Linear(cfg["dim"], 32), nn.ReLU(), nn.Linear(32, cfg["classes"]))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(cfg["epochs"]):
        model.train()
        for features, y, _ in train_dl:
            loss = nn.functional.cross_entropy(model(features), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        acc, errors = evaluator(model, val_dl)
    return acc, errors, dict(train_ds.stats)


def main():
    evaluator = Evaluator(SETTINGS["top_errors"])
    for round_id in range(SETTINGS["rounds"]):
        acc, errors, stats = train_round(round_id, SETTINGS, evaluator)
        print("round", round_id, "acc", round(acc, 3), "cache", stats, "worst", errors)


if __name__ == "__main__":
    main()
