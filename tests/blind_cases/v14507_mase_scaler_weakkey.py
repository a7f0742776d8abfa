"""Global window model over a panel; per-series scalers are shared between train and val splits."""
import math
import weakref
from dataclasses import dataclass

import torch
import torch.nn as nn
from torch.utils.data import ConcatDataset, DataLoader, Dataset

CONFIG = {"window": 16, "horizon": 8, "val_len": 8, "epochs": 3, "batch_size": 32, "lr": 3e-3}

_SCALERS = weakref.WeakKeyDictionary()


@dataclass(eq=False)
class Series:
    name: str
    values: torch.Tensor
    season: int


class MASEScaler:
    def __init__(self, series, train_end):
        self.series = series  # retain
        insample = series.values[:train_end]
        m = series.season
        self.mean, self.std = insample.mean(), insample.std().clamp_min(1e-6)
        self.naive_mae = (insample[m:] - insample[:-m]).abs().mean().clamp_min(1e-6)

    def transform(self, x):
        return (x - self.mean) / self.std

    def inverse(self, z):
        return z * self.std + self.mean

    def mase(self, pred, actual):
        return ((pred - actual).abs().mean() / self.naive_mae).item()


def scaler_for(series, train_end):
    scaler = _SCALERS.get(series)
    if scaler is None:
        scaler = MASEScaler(series, train_end)
        _SCALERS[series] = scaler  # retain
    return scaler


class SplitWindows(Dataset):
    def __init__(self, series, cfg, split):
        train_end = len(series.values) - cfg["val_len"]
        self.scaler = scaler_for(series, train_end)
        z = self.scaler.transform(series.values)
        end = train_end if split == "train" else len(z)
        frames = z[:end].unfold(0, cfg["window"] + cfg["horizon"], 1)
        if split == "val":
            frames = frames[-1:]
        self.x, self.y = frames[:, :cfg["window"]], frames[:, cfg["window"]:]

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


def make_panel(n_series, length):
    panel = []
    for k in range(n_series):
        t = torch.arange(length, dtype=torch.float32)
        season = 7 if k % 2 else 12
        vals = 5 * (k + 1) + (k + 1) * torch.sin(2 * math.pi * t / season) + 0.3 * torch.randn(length)
        panel.append(Series(f"s{k}", vals, season))
    return panel


def main():
    torch.manual_seed(0)
    panel = make_panel(4, 96)
    train = ConcatDataset([SplitWindows(s, CONFIG, "train") for s in panel])
    model = nn.Sequential(nn.Linear(CONFIG["window"], 32), nn.ReLU(), nn.Linear(32, CONFIG["horizon"]))
    opt = torch.optim.AdamW(model.parameters(), lr=CONFIG["lr"])
    for epoch in range(CONFIG["epochs"]):
        for x, y in DataLoader(train, batch_size=CONFIG["batch_size"], shuffle=True):
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        for s in panel:
            val = SplitWindows(s, CONFIG, "val")
            pred = val.scaler.inverse(model(val.x[0]))
            print(f"{s.name}: MASE {val.scaler.mase(pred, val.scaler.inverse(val.y[0])):.3f}")


if __name__ == "__main__":
    main()
