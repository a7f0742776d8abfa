"""Grid search: each trial derives its config from a base config and builds model/optimizer/schedule from it."""
import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

from config import AttrConfig

BASE = {"model": {"in_dim": 8, "hidden": 16, "depth": 2}, "optim": {"name": "sgd", "lr": 0.05}}
OPTIMIZERS = {"sgd": torch.optim.SGD, "adam": torch.optim.Adam}


def build_model(mcfg):
    layers, dim = [], mcfg.in_dim
    for _ in range(mcfg.depth):
        layers += [nn.Linear(dim, mcfg.hidden), nn.ReLU()]
        dim = mcfg.hidden
    return nn.Sequential(*layers, nn.Linear(dim, 1))


def build_schedule(optimizer, scfg):
    warmup = scfg.get("warmup_steps", 0)
    return torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: min(1.0, (step + 1) / (warmup + 1)))


def run_trial(cfg, steps=6):
    torch.manual_seed(cfg.trial.seed)
    model = build_model(cfg.model)
    optimizer = OPTIMIZERS[cfg.optim.name](model.parameters(), lr=cfg.optim.lr)
    schedule = build_schedule(optimizer, cfg.schedule)
    for _ in range(steps):
        x = torch.randn(16, cfg.model.in_dim)
        loss = F.mse_loss(model(x), x.pow(2).mean(dim=1, keepdim=True))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        schedule.step()
    return loss.item()


def main():
    base = AttrConfig(BASE)
    results = []
    for seed, (name, lr) in enumerate(itertools.product(["sgd", "adam"], [1e-2, 5e-2])):
        cfg = base.derive(**{"optim.name": name, "optim.lr": lr})
        cfg.schedule.warmup_steps = 2
        cfg.trial.seed = seed
        results.append((run_trial(cfg), cfg.to_dict()))
    return min(results, key=lambda r: r[0])


if __name__ == "__main__":
    main()
