"""K-fold cross-validation of a small regressor; each fold builds a fresh model."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import tracking


class Regressor(tracking.Tracked, nn.Module):
    def __init__(self, in_dim, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, hidden), nn.GELU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


def make_folds(x, y, k):
    idx = torch.arange(len(x))
    for fold in range(k):
        val = idx % k == fold
        yield (x[~val], y[~val]), (x[val], y[val])


def train_fold(train, val, hidden=16, epochs=3):
    model = Regressor(train[0].shape[1], hidden)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(epochs):
        for xb, yb in zip(train[0].split(8), train[1].split(8)):
            loss = F.mse_loss(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        return model.handle, F.mse_loss(model(val[0]), val[1]).item()


def main():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(30, 4, generator=g)
    y = x @ torch.tensor([1.0, -2.0, 0.5, 0.0]) + 0.1 * torch.randn(30, generator=g)
    scores = dict(train_fold(tr, va) for tr, va in make_folds(x, y, k=3))
    tracking.place_all("cpu")
    print({h: round(s, 3) for h, s in scores.items()})


if __name__ == "__main__":
    main()
