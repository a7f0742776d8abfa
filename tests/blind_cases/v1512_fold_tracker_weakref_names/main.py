"""K-fold cross-validation of a small regressor; every fold's objects are ledgered."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from memtrack import LEDGER


class Regressor(nn.Module):
    def __init__(self, dim=6, hidden=20):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, hidden), nn.Softplus())
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(self.encoder(x)).squeeze(-1)


def split_folds(x, y, k):
    idx = torch.arange(len(x))
    for f in range(k):
        val = idx % k == f
        yield (x[~val], y[~val]), (x[val], y[val])


def run_fold(fold, train, val, epochs=3):
    model = LEDGER.watch(Regressor(), label=f"fold{fold}/model")
    opt = LEDGER.watch(torch.optim.Adam(model.parameters(), lr=5e-3), label=f"fold{fold}/opt")
    for _ in range(epochs):
        for xb, yb in zip(train[0].split(8), train[1].split(8)):
            loss = F.mse_loss(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        return F.mse_loss(model(val[0]), val[1]).item()


def main():
    torch.manual_seed(4)
    x = torch.randn(48, 6)
    y = x @ torch.randn(6) + 0.1 * torch.randn(48)
    scores = [run_fold(f, tr, va) for f, (tr, va) in enumerate(split_folds(x, y, k=3))]
    assert not LEDGER.pending(), LEDGER.pending()
    print("cv mse:", sum(scores) / len(scores), "released:", len(LEDGER.released))


if __name__ == "__main__":
    main()
