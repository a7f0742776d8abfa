"""Trains a small MLP with quant/dequant stubs and calibrates it after every epoch to watch activation ranges."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.ao.quantization import DeQuantStub, QuantStub

from qmonitor import QuantFriendlinessMonitor


class StubbedMLP(nn.Module):
    def __init__(self, in_dim=10, hidden=32, classes=3):
        super().__init__()
        self.quant = QuantStub()
        self.fc1 = nn.Linear(in_dim, hidden)
        self.relu = nn.ReLU()
        self.fc2 = nn.Linear(hidden, classes)
        self.dequant = DeQuantStub()

    def forward(self, x):
        return self.dequant(self.fc2(self.relu(self.fc1(self.quant(x)))))


def train(run, epochs=2, steps=3):
    torch.manual_seed(run)
    model = StubbedMLP()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    monitor = QuantFriendlinessMonitor([torch.randn(8, 10) for _ in range(2)])
    for epoch in range(epochs):
        for _ in range(steps):
            x, y = torch.randn(16, 10), torch.randint(0, 3, (16,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        monitor.after_epoch(epoch, model)
    return monitor.history


def main():
    for run in range(2):
        history = train(run)
        assert history[-1].spans and history[-1].worst[1] > 0


if __name__ == "__main__":
    main()
