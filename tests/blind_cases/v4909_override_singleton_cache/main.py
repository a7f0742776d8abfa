"""Cross-validation driver: each fold overrides the container's model dependency."""
import torch
import torch.nn as nn

from providers import Object
from services import Services


def folds(k=3, n=72):
    g = torch.Generator().manual_seed(0)
    x = torch.randn(n, 7, generator=g)
    y = x[:, :3].sum(1, keepdim=True) + 0.1 * torch.randn(n, 1, generator=g)
    xs, ys = x.chunk(k), y.chunk(k)
    for i in range(k):
        train = [(xs[j], ys[j]) for j in range(k) if j != i]
        train = [(a, b) for xa, ya in train for a, b in zip(xa.split(8), ya.split(8))]
        yield train, [(xs[i], ys[i])]


def run_fold(train, val):
    model = nn.Sequential(nn.Linear(7, 32), nn.ReLU(), nn.Linear(32, 1))
    with Services.model.override(Object(model)):
        trainer = Services.trainer()
        trainer.fit(train, epochs=2)
        return trainer.score(val)


def main():
    scores = [run_fold(train, val) for train, val in folds()]
    print("cv score: %.4f" % (sum(scores) / len(scores)))


if __name__ == "__main__":
    main()
