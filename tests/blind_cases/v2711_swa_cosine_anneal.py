"""Stochastic weight averaging: cosine base schedule, then SWALR annealing and BN recalibration."""
import torch
import torch.nn as nn
from torch.optim.lr_scheduler import CosineAnnealingLR
from torch.optim.swa_utils import SWALR, AveragedModel, update_bn

SCHEDULES = {
    "cosine": lambda opt, cfg: CosineAnnealingLR(opt, T_max=cfg["swa_start"]),
    "swa": lambda opt, cfg: SWALR(opt, swa_lr=cfg["swa_lr"], anneal_epochs=cfg["anneal_epochs"],
                                  anneal_strategy=cfg["anneal_strategy"]),
}


class SWATrainer:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg
        self.optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9, nesterov=True)
        self.base_scheduler = SCHEDULES["cosine"](self.optimizer, cfg)
        self.swa_scheduler = SCHEDULES["swa"](self.optimizer, cfg)
        self.swa_model = AveragedModel(model)
        self.epoch = 0

    @property
    def in_swa_phase(self):
        return self.epoch >= self.cfg["swa_start"]

    def train_epoch(self, loader):
        self.model.train()
        total = 0.0
        for x, y in loader:
            loss = nn.functional.cross_entropy(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            total += loss.item()
        if self.in_swa_phase:
            self.swa_model.update_parameters(self.model)
            self.swa_scheduler.step()
        else:
            self.base_scheduler.step()
        self.epoch += 1
        return total / len(loader)

    def finalize(self, loader):
        update_bn((x for x, _ in loader), self.swa_model)
        return self.swa_model


def make_loader(n=96, batch_size=16, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 8, generator=g)
    y = (x[:, 0] * x[:, 1] > 0).long()
    return [(x[i:i + batch_size], y[i:i + batch_size]) for i in range(0, n, batch_size)]


def main():
    cfg = {"lr": 0.1, "swa_lr": 0.02, "swa_start": 3, "anneal_epochs": 2, "anneal_strategy": "cos"}
    loader, val = make_loader(), make_loader(seed=1)
    for run in range(3):
        torch.manual_seed(run)
        model = nn.Sequential(nn.Linear(8, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Linear(32, 2))
        trainer = SWATrainer(model, cfg)
        for _ in range(6):
            trainer.train_epoch(loader)
        swa_model = trainer.finalize(loader)
        swa_model.eval()
        with torch.no_grad():
            acc = sum((swa_model(x).argmax(1) == y).sum().item() for x, y in val) / 96
        print(f"run {run}: SWA accuracy {acc:.3f}, lr {trainer.optimizer.param_groups[0]['lr']:.4f}")


if __name__ == "__main__":
    main()
