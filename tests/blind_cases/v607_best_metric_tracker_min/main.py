"""Trainer that validates every epoch and reports the best metrics seen so far."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from evaluation import evaluate
from tracking import TRACKER

MODES = {"val_loss": "min", "val_acc": "max"}


def make_split(n_batches, batch_size, seed):
    g = torch.Generator().manual_seed(seed)
    return [(torch.randn(batch_size, 8, generator=g), torch.randint(0, 3, (batch_size,), generator=g))
            for _ in range(n_batches)]


def fit(model, train, val, epochs=3, lr=1e-2):
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    for epoch in range(epochs):
        for x, y in train:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        metrics = evaluate(model, val)
        improved = TRACKER.update(epoch, metrics, MODES)
        if "val_loss" in improved:
            print(f"epoch {epoch}: new best val_loss")
    print("best:", TRACKER.format())


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Dropout(0.1), nn.Linear(16, 3))
    fit(model, make_split(4, 16, seed=1), make_split(2, 16, seed=2))


if __name__ == "__main__":
    main()
