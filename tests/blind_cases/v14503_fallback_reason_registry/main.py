"""Weekly panel refit: one model per SKU, seasonal-naive for newly listed SKUs."""
import math

import torch

from registry import SeriesRegistry

CONFIG = {"window": 21, "horizon": 7, "season": 7, "epochs": 3, "batch_size": 16, "lr": 1e-2}


def demand(n, base, seed):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(n, dtype=torch.float32)
    return (base * (1 + 0.25 * torch.sin(2 * math.pi * t / 7)) + torch.randn(n, generator=g)).tolist()


def build_panel(week):
    lengths = {"sku_001": 120, "sku_002": 90, "sku_003": 24 + week, "sku_004": 60}
    return {sid: demand(n, 10.0 + i, seed=i + 10 * week) for i, (sid, n) in enumerate(lengths.items())}


def main():
    for week in range(2):
        panel = build_panel(week)
        train = {sid: v[:-CONFIG["horizon"]] for sid, v in panel.items()}
        registry = SeriesRegistry(CONFIG)
        registry.fit_all(train)
        for sid, values in panel.items():
            pred = registry.predict(sid, train[sid])
            actual = torch.tensor(values[-CONFIG["horizon"]:])
            mae = (pred - actual).abs().mean().item()
            print(f"week {week} {sid} [{registry.reports[sid].method}] MAE {mae:.2f}")


if __name__ == "__main__":
    main()
