"""Window regressor shared by every bottom-level series."""
import torch
import torch.nn as nn


class WindowRegressor(nn.Module):
    def __init__(self, window, horizon, hidden=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(window, hidden), nn.ReLU(), nn.Linear(hidden, horizon))

    def forward(self, x):
        return self.net(x)


def sliding_windows(series, window, horizon):
    frames = series.unfold(0, window + horizon, 1)
    return frames[:, :window], frames[:, window:]


def fit_regressor(series, cfg):
    x, y = sliding_windows(series, cfg["window"], cfg["horizon"])
    scale = series.abs().mean().clamp_min(1e-3)
    x, y = x / scale, y / scale
    model = WindowRegressor(cfg["window"], cfg["horizon"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for _ in range(cfg["epochs"]):
        for start in range(0, len(x), cfg["batch_size"]):
            xb, yb = x[start:start + cfg["batch_size"]], y[start:start + cfg["batch_size"]]
            loss = nn.functional.l1_loss(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        last = series[-cfg["window"]:].unsqueeze(0) / scale
        return (model(last) * scale).squeeze(0)
