"""Distil a wide MLP teacher into a small student on a toy dataset."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from distill import DistillationLoss
from kd_targets import cache_size


def make_mlp(width, depth, n_in=12, n_out=5):
    layers, d = [], n_in
    for _ in range(depth):
        layers += [nn.Linear(d, width), nn.ReLU()]
        d = width
    return nn.Sequential(*layers, nn.Linear(d, n_out))


def main():
    torch.manual_seed(0)
    n = 48
    data = TensorDataset(torch.arange(n), torch.randn(n, 12), torch.randint(0, 5, (n,)))
    loader = DataLoader(data, batch_size=16, shuffle=True)
    teacher = make_mlp(64, 3)
    student = make_mlp(16, 1)
    criterion = DistillationLoss(teacher, temperature=3.0)
    opt = torch.optim.Adam(student.parameters(), lr=1e-2)
    for epoch in range(2):
        for ids, x, y in loader:
            loss = criterion(student(x), y, x, ids)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss {loss.item():.3f}, cached targets {cache_size()}")


if __name__ == "__main__":
    main()
