"""Curriculum training script: an easy stage, then a hard stage, each evaluated with EMA weights."""
import torch
import torch.nn as nn

from ema import ShadowWeights

CFG = {"ema_decay": 0.99, "lr": 0.05, "steps_per_stage": 8, "noise": {"easy": 0.1, "hard": 0.8}}
EMA = ShadowWeights(decay=CFG["ema_decay"])


def make_stage(noise, seed, n=64):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 4, generator=g)
    y = x.sum(-1, keepdim=True) + noise * torch.randn(n, 1, generator=g)
    return x, y


@torch.no_grad()
def evaluate(model, x, y):
    return nn.functional.mse_loss(model(x), y).item()


def run_stage(model, stage, seed):
    x, y = make_stage(CFG["noise"][stage], seed)
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"])
    EMA.register(model)
    for step in range(CFG["steps_per_stage"]):
        idx = torch.randint(0, len(x), (16,))
        loss = nn.functional.mse_loss(model(x[idx]), y[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        EMA.update(model)
    raw = evaluate(model, x, y)
    EMA.apply_to(model)
    smoothed = evaluate(model, x, y)
    EMA.restore(model)
    return raw, smoothed


def main():
    torch.manual_seed(0)
    for seed in range(2):
        model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
        for stage in ("easy", "hard"):
            raw, smoothed = run_stage(model, stage, seed)
            print(f"seed {seed} {stage}: raw mse {raw:.4f}, ema mse {smoothed:.4f}")


if __name__ == "__main__":
    main()
