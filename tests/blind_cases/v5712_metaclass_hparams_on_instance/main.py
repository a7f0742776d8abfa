"""Forecasting sweep over encoder kernels; each trial reports its config and error."""
import copy

import torch
import torch.nn as nn

import components  # noqa: F401  (registers the components)
from registry import instantiate

BASE = {"type": "forecaster", "horizon": 3,
        "encoder": {"type": "conv_encoder", "channels": 2, "width": 12, "kernel": 3}}


def synthetic(batch=16, length=24, horizon=3):
    t = torch.linspace(0, 6.28, length + horizon)
    phase = torch.rand(batch, 1) * 6.28
    series = torch.stack([torch.sin(t + phase), torch.cos(t + phase)], 1)
    return series[:, :, :length], series[:, 0, length:]


def trial(kernel, steps=4):
    cfg = copy.deepcopy(BASE)
    cfg["encoder"]["kernel"] = kernel
    model = instantiate(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for _ in range(steps):
        x, y = synthetic()
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model.to_config(), loss.item()


def main():
    torch.manual_seed(0)
    for kernel in (3, 5, 7):
        cfg, err = trial(kernel)
        print(cfg["encoder"]["kernel"], cfg["horizon"], f"{err:.4f}")


if __name__ == "__main__":
    main()
