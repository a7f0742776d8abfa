"""Random search over dropout, weight decay and learning rate for a toy classifier.

Each trial records its own arguments as the hyper-parameter dict that is logged
next to the metrics; the progress line is filled from the trial's local names.
"""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

SEARCH_SPACE = {
    "lr": (1e-3, 3e-2),
    "dropout": (0.0, 0.5),
    "weight_decay": (1e-5, 1e-3),
}
PROGRESS = "trial {trial} | epoch {epoch} | loss {epoch_loss:.3f} | acc {acc:.2%} | {hparams}"
LEADERBOARD = []


def sample_config(rng):
    cfg = {}
    for name, (low, high) in SEARCH_SPACE.items():
        cfg[name] = round(rng.uniform(low, high), 5)
    return cfg


def blobs(n, seed):
    g = torch.Generator().manual_seed(seed)
    centers = torch.tensor([[2.0, 0.0], [-2.0, 0.0], [0.0, 2.0]])
    labels = torch.randint(0, 3, (n,), generator=g)
    points = centers[labels] + 0.7 * torch.randn(n, 2, generator=g)
    return points, labels


class Classifier(nn.Module):
    def __init__(self, dropout, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(2, hidden), nn.ReLU(), nn.Dropout(dropout))
        self.head = nn.Linear(hidden, 3)

    def forward(self, x):
        return self.head(self.body(x))


def accuracy(model, x, y):
    model.eval()
    with torch.no_grad():
        return (model(x).argmax(dim=1) == y).float().mean().item()


def run_trial(trial, lr, dropout, weight_decay, epochs=3, batch_size=24):
    hparams = dict(locals())
    x, y = blobs(120, seed=trial)
    model = Classifier(dropout)
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=weight_decay)

    for epoch in range(epochs):
        model.train()
        epoch_loss = 0.0
        for xb, yb in zip(x.split(batch_size), y.split(batch_size)):
            loss = F.cross_entropy(model(xb), yb)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            epoch_loss += loss.item() / (len(x) // batch_size)
        acc = accuracy(model, x, y)
        print(PROGRESS.format(**locals()))

    return dict(hparams, acc=acc, final_loss=epoch_loss)


def main():
    rng = random.Random(0)
    for trial in range(4):
        LEADERBOARD.append(run_trial(trial, **sample_config(rng)))
    LEADERBOARD.sort(key=lambda row: -row["acc"])
    print("best trial:", LEADERBOARD[0])


if __name__ == "__main__":
    main()
