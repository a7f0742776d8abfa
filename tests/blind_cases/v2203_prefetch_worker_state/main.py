"""K-fold training where every fold builds its own prefetching loader."""
import torch
import torch.nn as nn

from loader import PrefetchLoader

FOLDS = 3
EPOCHS = 2


def make_data(n=96, dim=10, classes=4):
    g = torch.Generator().manual_seed(1234)
    x = torch.randn(n, dim, generator=g)
    y = (x[:, :classes].argmax(dim=1)).long()
    return x, y


def run_fold(fold, x, y):
    mask = torch.arange(len(y)) % FOLDS != fold
    loader = PrefetchLoader(x[mask], y[mask], batch_size=16, seed=fold)
    model = nn.Sequential(nn.Linear(x.shape[1], 32), nn.ReLU(), nn.Linear(32, 4))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(EPOCHS):
        for xb, yb in loader.epoch_batches():
            loss = nn.functional.cross_entropy(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        acc = (model(x[~mask]).argmax(1) == y[~mask]).float().mean().item()
    return acc


def main():
    x, y = make_data()
    scores = [run_fold(k, x, y) for k in range(FOLDS)]
    return sum(scores) / len(scores)


if __name__ == "__main__":
    main()
