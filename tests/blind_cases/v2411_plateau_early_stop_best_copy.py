"""Train an autoencoder with plateau LR decay and early stopping that restores the best weights.

The validation loss is computed as a tensor and handed to both the scheduler and
the early-stopping helper; the best weights are copied whenever it improves.
"""
import copy
import math
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F

RUNS = []


@dataclass
class EarlyStopping:
    patience: int = 2
    min_delta: float = 1e-4
    best: float = math.inf
    best_epoch: int = -1
    best_state: dict = field(default=None, repr=False)
    bad_epochs: int = 0

    def update(self, metric, model, epoch):
        value = float(metric)
        if value < self.best - self.min_delta:
            self.best, self.best_epoch, self.bad_epochs = value, epoch, 0
            self.best_state = copy.deepcopy(model.state_dict())
            return False
        self.bad_epochs += 1
        return self.bad_epochs > self.patience


class AutoEncoder(nn.Module):
    def __init__(self, dim=16, code=4):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, 8), nn.ReLU(), nn.Linear(8, code))
        self.decoder = nn.Sequential(nn.Linear(code, 8), nn.ReLU(), nn.Linear(8, dim))

    def forward(self, x):
        return self.decoder(self.encoder(x))


def low_rank_data(n, seed, dim=16, rank=3):
    g = torch.Generator().manual_seed(seed)
    basis = torch.randn(rank, dim, generator=g)
    return torch.randn(n, rank, generator=g) @ basis + 0.05 * torch.randn(n, dim, generator=g)


def validation_loss(model, data):
    model.eval()
    loss = F.mse_loss(model(data), data)
    model.train()
    return loss


def fit(lr, max_epochs=40, batch=32):
    torch.manual_seed(0)
    train, val = low_rank_data(128, seed=1), low_rank_data(48, seed=2)
    model = AutoEncoder()
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=1)
    stopper = EarlyStopping()
    for epoch in range(max_epochs):
        for xb in train.split(batch):
            loss = F.mse_loss(model(xb), xb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        val_loss = validation_loss(model, val)
        plateau.step(val_loss)
        if stopper.update(val_loss, model, epoch):
            break
    model.load_state_dict(stopper.best_state)
    return {"lr": lr, "best_val": stopper.best, "best_epoch": stopper.best_epoch,
            "final_lr": opt.param_groups[0]["lr"], "epochs_run": epoch + 1}


def main():
    for lr in (1e-1, 3e-2):
        RUNS.append(fit(lr))
        print(RUNS[-1])


if __name__ == "__main__":
    main()
