"""Per-horizon forecaster runs that checkpoint every other epoch through the background writer."""
import os
import tempfile

import torch
import torch.nn as nn

import ckpt_io

HORIZONS = [1, 3, 6]
EPOCHS = 4
SAVE_EVERY = 2


class Forecaster(nn.Module):
    def __init__(self, window=16, hidden=32, horizon=1):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(window, hidden), nn.SiLU(), nn.Linear(hidden, horizon))

    def forward(self, x):
        return self.net(x)


def windows(horizon, seed, n=6, bs=16, window=16):
    g = torch.Generator().manual_seed(seed)
    for _ in range(n):
        series = torch.cumsum(torch.randn(bs, window + horizon, generator=g), dim=1)
        yield series[:, :window], series[:, window:]


def train_horizon(horizon, out_dir):
    model = Forecaster(horizon=horizon)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    last = float("nan")
    for epoch in range(EPOCHS):
        for x, y in windows(horizon, seed=epoch):
            loss = nn.functional.l1_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            last = loss.item()
        sched.step()
        if (epoch + 1) % SAVE_EVERY == 0:
            path = os.path.join(out_dir, f"h{horizon}-e{epoch}.pt")
            ckpt_io.save_async(path, model, opt, epoch=epoch, lr=sched.get_last_lr()[0])
    return last


def main():
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as out_dir:
        maes = {h: train_horizon(h, out_dir) for h in HORIZONS}
        written = ckpt_io.wait_for_writes()
        print({h: round(v, 3) for h, v in maes.items()}, f"{written / 1024:.1f} KiB written")


if __name__ == "__main__":
    main()
