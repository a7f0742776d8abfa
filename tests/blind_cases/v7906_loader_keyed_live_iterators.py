"""Step-budgeted classifier training; each loader keeps one open pass that later epochs continue."""
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

CONFIG = {
    "features": 10,
    "classes": 3,
    "batch_size": 24,
    "stages": [
        {"name": "frozen-head", "epochs": 2, "steps_per_epoch": 5, "lr": 0.02, "train_head_only": True},
        {"name": "full", "epochs": 3, "steps_per_epoch": 6, "lr": 0.01, "train_head_only": False},
    ],
}

_LIVE_ITERATORS = weakref.WeakKeyDictionary()


def next_batch(loader):
    """Next batch from ``loader``, continuing the pass that an earlier epoch left open."""
    it = _LIVE_ITERATORS.get(loader)
    if it is None:
        it = _LIVE_ITERATORS[loader] = iter(loader)
    try:
        return next(it)
    except StopIteration:
        it = _LIVE_ITERATORS[loader] = iter(loader)
        return next(it)


class ClusterPoints(Dataset):
    def __init__(self, n, features, classes, seed):
        g = torch.Generator().manual_seed(seed)
        self.centers = 2.0 * torch.randn(classes, features, generator=g)
        self.y = torch.randint(0, classes, (n,), generator=g)
        self.x = self.centers[self.y] + torch.randn(n, features, generator=g)
        self.normalize = nn.LayerNorm(features, elementwise_affine=False)

    def __len__(self):
        return len(self.y)

    @torch.no_grad()
    def __getitem__(self, i):
        return self.normalize(self.x[i]), self.y[i]


class Classifier(nn.Module):
    def __init__(self, features, classes):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(features, 32), nn.ReLU())
        self.head = nn.Linear(32, classes)

    def forward(self, x):
        return self.head(self.body(x))


def fit_stage(model, loader, stage):
    params = model.head.parameters() if stage["train_head_only"] else model.parameters()
    opt = torch.optim.SGD(params, lr=stage["lr"], momentum=0.9)
    for epoch in range(stage["epochs"]):
        correct, seen = 0, 0
        for _ in range(stage["steps_per_epoch"]):
            x, y = next_batch(loader)
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            correct += (logits.argmax(1) == y).sum().item()
            seen += len(y)
        print(f"{stage['name']} epoch {epoch}: acc {correct / seen:.3f}")


def run_experiment(seed):
    torch.manual_seed(seed)
    dataset = ClusterPoints(360, CONFIG["features"], CONFIG["classes"], seed=seed)
    loader = DataLoader(dataset, batch_size=CONFIG["batch_size"], shuffle=True, drop_last=True)
    model = Classifier(CONFIG["features"], CONFIG["classes"])
    for stage in CONFIG["stages"]:
        fit_stage(model, loader, stage)
    return model


def main():
    for seed in (0, 1):
        run_experiment(seed)


if __name__ == "__main__":
    main()
