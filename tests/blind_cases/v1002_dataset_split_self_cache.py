"""Forecasting windows over a synthetic multivariate series, with cached train/val splits."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset, random_split


class WindowDataset(Dataset):
    def __init__(self, series, window=8, horizon=2):
        self.series = series
        self.window = window
        self.horizon = horizon
        self._splits = None

    def __len__(self):
        return self.series.shape[0] - self.window - self.horizon + 1

    def __getitem__(self, i):
        x = self.series[i:i + self.window]
        y = self.series[i + self.window:i + self.window + self.horizon, 0]
        return x, y

    def splits(self, val_frac=0.25, seed=0):
        """Deterministic train/val split, computed once and reused by every loader."""
        if self._splits is None:
            n_val = max(1, int(len(self) * val_frac))
            gen = torch.Generator().manual_seed(seed)
            self._splits = random_split(self, [len(self) - n_val, n_val], generator=gen)  # cycle
        return self._splits

    def loaders(self, batch_size=16):
        train_set, val_set = self.splits()
        return (DataLoader(train_set, batch_size=batch_size, shuffle=True, num_workers=0),
                DataLoader(val_set, batch_size=batch_size, num_workers=0))


class Forecaster(nn.Module):
    def __init__(self, n_feat, window, horizon):
        super().__init__()
        self.net = nn.Sequential(nn.Flatten(), nn.Linear(n_feat * window, 32), nn.ReLU(),
                                 nn.Linear(32, horizon))

    def forward(self, x):
        return self.net(x)


def run(window, n_feat=3, epochs=2):
    series = torch.cumsum(torch.randn(120, n_feat), dim=0)
    series = (series - series.mean(0)) / series.std(0)
    data = WindowDataset(series, window=window)
    train_loader, val_loader = data.loaders()
    model = Forecaster(n_feat, window, data.horizon)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        model.train()
        for x, y in train_loader:
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    model.eval()
    with torch.no_grad():
        val = sum(nn.functional.mse_loss(model(x), y, reduction="sum").item() for x, y in val_loader)
    return val / len(data.splits()[1])


def main():
    scores = {w: run(w) for w in (4, 8, 12)}
    assert all(s >= 0 for s in scores.values())


if __name__ == "__main__":
    main()
