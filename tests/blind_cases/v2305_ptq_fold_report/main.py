"""K-fold training of a small regressor; every fold ends with an int8 calibration report."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from calib import calibration_report


class Regressor(nn.Module):
    def __init__(self, in_dim=10, hidden=32):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, hidden)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(hidden, hidden)
        self.act2 = nn.ReLU()
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(self.act2(self.fc2(self.act(self.fc1(x)))))


def make_folds(n_folds=2, n=64):
    x = torch.randn(n, 10)
    y = x[:, :3].sum(dim=1, keepdim=True) + 0.1 * torch.randn(n, 1)
    idx = torch.arange(n)
    return [(idx[idx % n_folds != k], idx[idx % n_folds == k]) for k in range(n_folds)], x, y


def train_fold(x, y, train_idx, epochs=2):
    model = Regressor()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(epochs):
        for batch in train_idx.split(16):
            loss = F.mse_loss(model(x[batch]), y[batch])
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model


def main():
    torch.manual_seed(0)
    folds, x, y = make_folds()
    summaries = []
    for train_idx, val_idx in folds:
        model = train_fold(x, y, train_idx)
        report = calibration_report(model, x[val_idx].split(8))
        summaries.append(max(report, key=lambda r: r.span).name)
    assert len(summaries) == 2


if __name__ == "__main__":
    main()
