"""Compare two window lengths with a rolling-origin backtest on hourly load data."""
import math

import torch
import torch.nn as nn

from backtest import RollingOriginBacktest

BASE = {"horizon": 24, "step": 24, "n_folds": 3, "epochs": 2, "batch_size": 32, "lr": 3e-3}


def hourly_load(days, seed):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(days * 24, dtype=torch.float32)
    daily = torch.sin(2 * math.pi * t / 24) + 0.4 * torch.sin(4 * math.pi * t / 24)
    return 10 + 2 * daily + 0.3 * torch.randn(len(t), generator=g)


def build_model(cfg):
    return nn.Sequential(nn.Linear(cfg["window"], 48), nn.GELU(), nn.Linear(48, cfg["horizon"]))


def main():
    series = hourly_load(14, seed=0)
    for window in (48, 72):
        cfg = dict(BASE, window=window)
        bt = RollingOriginBacktest(series, cfg, build_model)
        score = bt.run()
        print(f"window={window}: mean sMAPE over {len(bt.folds)} folds {score:.2f}")


if __name__ == "__main__":
    main()
