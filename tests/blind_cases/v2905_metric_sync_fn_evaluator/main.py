"""K-fold training of a small classifier with per-epoch validation metrics."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Subset, TensorDataset

from evaluator import Evaluator


def make_data(n=60, dim=10, classes=3, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, dim, generator=g)
    y = (x[:, :classes] + 0.3 * torch.randn(n, classes, generator=g)).argmax(1)
    return TensorDataset(x, y)


def fold_indices(n, k, fold):
    return [i for i in range(n) if i % k != fold], list(range(fold, n, k))


def run_fold(dataset, fold, k=3, epochs=2):
    train_idx, val_idx = fold_indices(len(dataset), k, fold)
    train_loader = DataLoader(Subset(dataset, train_idx), batch_size=8, shuffle=True)
    val_loader = DataLoader(Subset(dataset, val_idx), batch_size=16)
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 3))
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    evaluator = Evaluator(model)
    for epoch in range(epochs):
        for x, y in train_loader:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        scores = evaluator.evaluate(val_loader)
    return scores["val/accuracy"]


def main():
    accs = [run_fold(make_data(), fold) for fold in range(3)]
    assert all(0.0 <= a <= 1.0 for a in accs)


if __name__ == "__main__":
    main()
