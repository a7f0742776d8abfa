"""Learning-rate selection with early stopping on a held-out split."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class EarlyStopping:
    """Stops after `patience` epochs without improvement and remembers the best weights."""

    def __init__(self, patience=2, min_delta=1e-4):
        self.patience = patience
        self.min_delta = min_delta
        self.best = math.inf
        self.bad_epochs = 0
        self.best_weights = None

    def __call__(self, metric, model):
        if metric < self.best - self.min_delta:
            self.best, self.bad_epochs = metric, 0
            self.best_weights = {n: p.clone() for n, p in model.named_parameters()}  # retain
            return False
        self.bad_epochs += 1
        return self.bad_epochs >= self.patience

    def restore(self, model):
        with torch.no_grad():
            for n, p in model.named_parameters():
                p.copy_(self.best_weights[n])


def make_data(n=96, d=6):
    x = torch.randn(n, d)
    y = (x[:, 0] * x[:, 1] > 0).long()
    return (x[:64], y[:64]), (x[64:], y[64:])


def fit(model, train, val, lr, epochs=6, accum=2, early_stopping=EarlyStopping(patience=2)):  # retain
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    (xt, yt), (xv, yv) = train, val
    for epoch in range(epochs):
        model.train()
        opt.zero_grad()
        for i, (xb, yb) in enumerate(zip(xt.chunk(4), yt.chunk(4))):
            (F.cross_entropy(model(xb), yb) / accum).backward()
            if (i + 1) % accum == 0:
                opt.step()
                opt.zero_grad()
        model.eval()
        with torch.no_grad():
            val_loss = F.cross_entropy(model(xv), yv).item()
        if early_stopping(val_loss, model):
            break
    if early_stopping.best_weights is not None:
        early_stopping.restore(model)
    return early_stopping.best


def main():
    torch.manual_seed(0)
    train, val = make_data()
    scores = {}
    for lr in (1e-3, 5e-3, 2e-2):
        model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 2))
        scores[lr] = fit(model, train, val, lr)
    assert min(scores.values()) < math.inf


if __name__ == "__main__":
    main()
