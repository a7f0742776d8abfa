"""Hyper-parameter sweep; every trial builds fresh data and a fresh model."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from splits import Split, transform_batch

SWEEP = [{"lr": 0.05, "width": 8}, {"lr": 0.02, "width": 16}]


def make_data(seed, n=48):
    g = torch.Generator().manual_seed(seed)
    x = 3.0 * torch.randn(n, 3, 8, 8, generator=g) + seed
    return TensorDataset(x, torch.randint(0, 4, (n,), generator=g))


def evaluate(model, loader):
    correct = 0
    with torch.no_grad():
        for x, y in loader:
            correct += (model(transform_batch(Split.VAL, x)).argmax(-1) == y).sum().item()
    return correct / len(loader.dataset)


def run_trial(seed, hp):
    model = nn.Sequential(nn.Conv2d(3, hp["width"], 3, padding=1), nn.ReLU(),
                          nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(hp["width"], 4))
    opt = torch.optim.SGD(model.parameters(), lr=hp["lr"])
    loaders = {s: DataLoader(make_data(seed + i), batch_size=16, shuffle=s.shuffle)
               for i, s in enumerate(Split)}
    for epoch in range(2):
        for x, y in loaders[Split.TRAIN]:
            loss = nn.functional.cross_entropy(model(transform_batch(Split.TRAIN, x)), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return evaluate(model, loaders[Split.VAL])


def main():
    return [run_trial(seed, hp) for seed, hp in enumerate(SWEEP)]


if __name__ == "__main__":
    main()
