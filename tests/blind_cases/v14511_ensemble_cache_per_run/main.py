"""Rolling-origin evaluation of a stacked ensemble; each origin's forecast goes to the cache."""
import math

import torch

from cache import ForecastCache
from ensemble import MLPMember, WeightedEnsemble, drift, publish, seasonal_naive

CONFIG = {"horizon": 12, "window": 24, "origins": 3, "step": 12, "weight_steps": 20}


def monthly_series(n, seed):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(n, dtype=torch.float32)
    return 50 + 0.3 * t + 8 * torch.sin(2 * math.pi * t / 12) + 2 * torch.randn(n, generator=g)


def member_forecasts(history, horizon, mlp):
    with torch.no_grad():
        return torch.stack([seasonal_naive(history, horizon), drift(history, horizon),
                            mlp.forecast(history, horizon)])


def backtest(series_id, series, cfg, cache):
    h = cfg["horizon"]
    errors = []
    for k in range(cfg["origins"]):
        origin = len(series) - h * 2 - cfg["step"] * (cfg["origins"] - 1 - k)
        train, val, test = series[:origin], series[origin:origin + h], series[origin + h:origin + 2 * h]
        mlp = MLPMember(cfg["window"], h).fit(train, h)
        ens = WeightedEnsemble(3)
        opt = torch.optim.SGD(ens.parameters(), lr=0.05)
        val_members = member_forecasts(train, h, mlp)
        for _ in range(cfg["weight_steps"]):
            loss = (ens(val_members) - val).abs().mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        history = series[:origin + h]
        pred = ens(member_forecasts(history, h, mlp))
        publish(cache, (series_id, origin), pred)
        errors.append((pred - test).abs().mean().item())
    return sum(errors) / len(errors)


def main():
    cache = ForecastCache()
    for seed, sid in enumerate(["store_1", "store_2"]):
        mae = backtest(sid, monthly_series(120, seed), CONFIG, cache)
        print(f"{sid}: rolling-origin MAE {mae:.2f}, {len(cache)} cached forecasts")


if __name__ == "__main__":
    main()
