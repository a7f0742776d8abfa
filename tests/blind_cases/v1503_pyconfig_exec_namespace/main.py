"""Trains a small classifier with a recipe loaded from a Python config file."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from cfgloader import load_config


class Classifier(nn.Module):
    def __init__(self, dim=10, hidden=24, classes=4):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, hidden), nn.LayerNorm(hidden), nn.ReLU())
        self.head = nn.Linear(hidden, classes)

    def forward(self, x):
        return self.head(self.body(x))


def build_optimizer(cfg, model):
    groups = cfg.param_groups(model.named_parameters())
    opt = torch.optim.SGD(groups, lr=cfg.base_lr, momentum=0.9)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, cfg.lr_factor)
    return opt, sched


def run_trial(overrides):
    cfg = load_config("schedule_cfg.py", **overrides)
    model = Classifier()
    opt, sched = build_optimizer(cfg, model)
    for epoch in range(cfg.total_epochs):
        for _ in range(2):
            x, y = torch.randn(16, 10), torch.randint(0, 4, (16,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        sched.step()
    return loss.item()


def main():
    results = {}
    for lr in (0.05, 0.1):
        results[lr] = run_trial({"base_lr": lr, "total_epochs": 3})
    assert len(results) == 2


if __name__ == "__main__":
    main()
