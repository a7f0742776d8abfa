"""Adversarial training on pre-batched shards (batch_size=None loader)."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from attack import fgsm, mixed_loss
from shards import FEAT_DIM, N_CLASSES, PrebatchedShards

CFG = {"num_shards": 6, "epochs": 2, "eps": 0.1, "adv_weight": 0.5, "lr": 1e-2}


def build_model():
    return nn.Sequential(nn.Linear(FEAT_DIM, 48), nn.ReLU(), nn.Linear(48, N_CLASSES))


def train(cfg):
    dataset = PrebatchedShards("train", cfg["num_shards"])
    loader = DataLoader(dataset, batch_size=None)
    model = build_model()
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        dataset.set_epoch(epoch)
        for x, y in loader:
            x_adv = fgsm(model, x, y, cfg["eps"])
            loss = mixed_loss(model, x, y, x_adv, cfg["adv_weight"])
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss={loss.item():.3f}")
    return model


def main():
    model = train(CFG)
    val = PrebatchedShards("val", 2)
    correct = total = 0
    with torch.no_grad():
        for x, y in DataLoader(val, batch_size=None):
            correct += (model(x).argmax(1) == y).sum().item()
            total += len(y)
    print(f"val acc {correct / total:.3f}")


if __name__ == "__main__":
    main()
