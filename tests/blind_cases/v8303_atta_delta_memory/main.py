"""Adversarial training with perturbations carried over between epochs (ATTA-style)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

from attack import AccumulatedPGD
from data import TRAIN_SET

CFG = {"epochs": 3, "batch_size": 32, "lr": 0.05, "eps": 0.3, "alpha": 0.1, "pgd_steps": 2}


def build_model(dim, classes):
    return nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Linear(32, classes))


def train_epoch(model, opt, loader, attack):
    total, correct = 0.0, 0
    for x, y, index in loader:
        x_adv = attack(model, x, y, index, TRAIN_SET)
        logits = model(x_adv)
        loss = F.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item() * x.size(0)
        correct += (logits.argmax(1) == y).sum().item()
    n = len(loader.dataset)
    return total / n, correct / n


def main():
    torch.manual_seed(0)
    model = build_model(16, 4)
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"], momentum=0.9)
    attack = AccumulatedPGD(CFG["eps"], CFG["alpha"], CFG["pgd_steps"])
    loader = DataLoader(TRAIN_SET, batch_size=CFG["batch_size"], shuffle=True)
    for epoch in range(CFG["epochs"]):
        loss, acc = train_epoch(model, opt, loader, attack)
        print(f"epoch {epoch}: adv loss {loss:.3f} adv acc {acc:.2f} "
              f"|delta| {TRAIN_SET.mean_perturbation():.3f}")


if __name__ == "__main__":
    main()
