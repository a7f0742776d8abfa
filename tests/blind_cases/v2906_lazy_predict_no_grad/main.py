"""Snapshot-ensemble training: validation predictions of every epoch are kept for averaging."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from inference import Predictor
from results import SNAPSHOTS


def build_loaders(seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(80, 12, generator=g)
    y = (x[:, 0] - x[:, 1] > 0).long()
    train = TensorDataset(x[:56], y[:56])
    val = TensorDataset(x[56:], torch.arange(56, 80))
    return DataLoader(train, batch_size=8, shuffle=True), DataLoader(val, batch_size=8)


def main():
    train_loader, val_loader = build_loaders()
    model = nn.Sequential(nn.Linear(12, 32), nn.GELU(), nn.Dropout(0.1), nn.Linear(32, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=3)
    predictor = Predictor(model, temperature=1.5)
    for epoch in range(3):
        model.train()
        for x, y in train_loader:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        sched.step()
        for pred in predictor.predict(val_loader):
            SNAPSHOTS.add("epoch%d" % epoch, pred)  # retain
    labels = SNAPSHOTS.ensemble_labels()
    assert len(labels) == 24


if __name__ == "__main__":
    main()
