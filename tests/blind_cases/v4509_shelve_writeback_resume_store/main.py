"""Preemptible trials: each trial resumes from the store if possible and saves its state every epoch."""
import zlib

import torch
import torch.nn as nn
import torch.nn.functional as F

from store import ResumeManager


def build(width):
    return nn.Sequential(nn.Linear(6, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(), nn.Linear(width, 1))


def evaluate(model, x, y):
    with torch.no_grad():
        return F.mse_loss(model(x), y).item()


def run_trial(run_id, width, lr, max_epochs=3, steps=4):
    torch.manual_seed(zlib.crc32(run_id.encode()))
    model = build(width)
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9, nesterov=True)
    manager = ResumeManager(run_id)
    state = manager.restore(model, optimizer)
    val_x = torch.randn(32, 6)
    val_y = val_x.sin().sum(dim=1, keepdim=True)
    while not manager.is_finished(state, max_epochs):
        for _ in range(steps):
            x = torch.randn(16, 6)
            loss = F.mse_loss(model(x), x.sin().sum(dim=1, keepdim=True))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        manager.save(state, model, optimizer, evaluate(model, val_x, val_y))
    return state.best_metric


def main():
    grid = [("w16-lr0.01", 16, 0.01), ("w32-lr0.01", 32, 0.01), ("w32-lr0.003", 32, 0.003)]
    return {run_id: run_trial(run_id, width, lr) for run_id, width, lr in grid}


if __name__ == "__main__":
    main()
