"""Train a small regressor per data fold with LambdaLR and best-state restoring."""
import torch
import torch.nn as nn
from torch.optim.lr_scheduler import LambdaLR

from monitor import PlateauMonitor
from schedules import ConstantFactor, WarmupThenPlateauDecay

CONFIG = {"hidden": 32, "lr": 0.05, "epochs": 4, "steps_per_epoch": 3, "warmup": 3}


def build(cfg, monitor):
    model = nn.Sequential(nn.Linear(6, cfg["hidden"]), nn.Tanh(), nn.Linear(cfg["hidden"], 1))
    optimizer = torch.optim.SGD([
        {"params": model[0].parameters()},
        {"params": model[2].parameters(), "lr": cfg["lr"] * 0.5},
    ], lr=cfg["lr"], momentum=0.9)
    schedule = WarmupThenPlateauDecay(cfg["warmup"], monitor)
    scheduler = LambdaLR(optimizer, [schedule, ConstantFactor(1.0)])
    return model, optimizer, scheduler


def evaluate(model, data):
    x, y = data
    with torch.no_grad():
        return nn.functional.mse_loss(model(x), y).item()


def run_fold(fold, cfg):
    torch.manual_seed(fold)
    train = (torch.randn(64, 6), torch.randn(64, 1))
    val = (torch.randn(32, 6), torch.randn(32, 1))
    monitor = PlateauMonitor(patience=1)
    model, optimizer, scheduler = build(cfg, monitor)
    for epoch in range(cfg["epochs"]):
        for i in range(cfg["steps_per_epoch"]):
            idx = torch.randint(0, 64, (16,))
            loss = nn.functional.mse_loss(model(train[0][idx]), train[1][idx])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            scheduler.step()
        monitor.update(epoch, evaluate(model, val), model, optimizer, scheduler)
    monitor.restore(model)
    return monitor.best_score


def main():
    scores = [run_fold(fold, CONFIG) for fold in range(3)]
    print("best val mse per fold:", [round(s, 4) for s in scores])


if __name__ == "__main__":
    main()
