"""Warmup + cosine learning-rate schedule with a memoised per-step factor."""
import functools
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

WARMUP, TOTAL = 3, 12


@functools.lru_cache(maxsize=None)
def lr_factor(step):
    if step < WARMUP:
        return (step + 1) / WARMUP
    progress = (step - WARMUP) / max(1, TOTAL - WARMUP)
    return 0.5 * (1.0 + math.cos(math.pi * progress))


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 32), nn.SiLU(), nn.Linear(32, 1))
    base_lr = 3e-3
    opt = torch.optim.AdamW(model.parameters(), lr=base_lr, weight_decay=0.01)
    for step in range(6):
        for group in opt.param_groups:
            group["lr"] = base_lr * lr_factor(step)
        x = torch.randn(16, 8)
        loss = F.mse_loss(model(x).squeeze(-1), x.mean(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: lr {opt.param_groups[0]['lr']:.2e} loss {loss.item():.4f}")
    print(lr_factor.cache_info())


if __name__ == "__main__":
    main()
