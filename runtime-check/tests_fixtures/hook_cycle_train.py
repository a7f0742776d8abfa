"""Training loop whose per-epoch tracker keeps a bound method of itself: one cycle per epoch,
each holding 6000 bytes of tensor storage (a 4000-byte buffer with a view on it, 2000 bytes more)."""
import torch
import torch.nn as nn


class Tracker:
    def __init__(self):
        self.buffer = torch.zeros(1000)                       # 4000 bytes
        self.view = self.buffer[:100]                         # same storage: counted once
        self.scale = torch.ones(250, dtype=torch.float64)     # 2000 bytes
        self.callback = self.update                           # the cycle

    def update(self, value):
        self.buffer[0] += value


def main():
    torch.manual_seed(0)
    model = nn.Linear(4, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _epoch in range(3):
        tracker = Tracker()
        for _step in range(5):
            loss = model(torch.randn(8, 4)).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            tracker.callback(loss.item())


if __name__ == "__main__":
    main()
