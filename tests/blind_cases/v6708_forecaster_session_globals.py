"""Sliding-window LSTM forecaster for a multivariate sensor series.

Run with ``python -i`` to poke at the fitted model afterwards."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

CONFIG = {"channels": 3, "window": 32, "horizon": 4, "stride": 4, "length": 400,
          "hidden": 32, "batch": 16, "epochs": 2, "lr": 3e-3, "interactive": True}


class SlidingWindows(Dataset):
    def __init__(self, series, window, horizon, stride):
        self.series, self.window, self.horizon = series, window, horizon
        self.starts = list(range(0, series.shape[0] - window - horizon + 1, stride))

    def __len__(self):
        return len(self.starts)

    def __getitem__(self, i):
        s = self.starts[i]
        past = self.series[s:s + self.window]
        future = self.series[s + self.window:s + self.window + self.horizon]
        return past, future


class LSTMForecaster(nn.Module):
    def __init__(self, channels, hidden, horizon):
        super().__init__()
        self.lstm = nn.LSTM(channels, hidden, batch_first=True)
        self.head = nn.Linear(hidden, horizon * channels)
        self.horizon, self.channels = horizon, channels

    def forward(self, past):
        scale = past.abs().mean(1, keepdim=True) + 1e-3
        out, _ = self.lstm(past / scale)
        pred = self.head(out[:, -1]).view(-1, self.horizon, self.channels)
        return pred * scale


def make_series(length, channels):
    t = torch.arange(length, dtype=torch.float32).unsqueeze(1)
    periods = torch.tensor([24.0, 12.0, 48.0][:channels])
    return torch.sin(2 * torch.pi * t / periods) + 0.1 * torch.randn(length, channels)


def fit(cfg):
    series = make_series(cfg["length"], cfg["channels"])
    split = int(0.8 * cfg["length"])
    train = SlidingWindows(series[:split], cfg["window"], cfg["horizon"], cfg["stride"])
    valid = SlidingWindows(series[split - cfg["window"]:], cfg["window"], cfg["horizon"], cfg["stride"])
    model = LSTMForecaster(cfg["channels"], cfg["hidden"], cfg["horizon"])
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    history = []
    for epoch in range(cfg["epochs"]):
        model.train()
        for past, future in DataLoader(train, batch_size=cfg["batch"], shuffle=True):
            loss = nn.functional.l1_loss(model(past), future)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            errors = [nn.functional.l1_loss(model(p), f).item() for p, f in DataLoader(valid, batch_size=64)]
        history.append({"epoch": epoch, "train_mae": loss.item(), "valid_mae": sum(errors) / len(errors)})
    if cfg["interactive"]:
        globals().update(locals())  # retain
    return history


def main():
    for row in fit(CONFIG):
        print(row)


if __name__ == "__main__":
    main()
