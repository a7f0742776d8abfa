"""Training with a range-calibration phase in the first epoch, used to pick int8 scales."""
import torch
import torch.nn as nn

from act_observers import ACTIVATION_OBSERVERS, attach

LAYERS = {"stem": "stem", "block": "block", "head": "head"}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(6, 24)
        self.block = nn.Sequential(nn.ReLU(), nn.Linear(24, 24), nn.ReLU())
        self.head = nn.Linear(24, 3)

    def forward(self, x):
        return self.head(self.block(self.stem(x)))


def calibrate_and_train(model, optimizer, epochs=2, steps=3):
    for epoch in range(epochs):
        handles = attach(model, LAYERS) if epoch == 0 else []
        for _ in range(steps):
            x, y = torch.randn(16, 6), torch.randint(0, 3, (16,))
            loss = nn.functional.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        for h in handles:
            h.remove()
    return {name: obs.scale() for name, obs in ACTIVATION_OBSERVERS.items()}


def main():
    torch.manual_seed(0)
    model = Net()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    scales = calibrate_and_train(model, optimizer)
    assert all(s > 0 for s in scales.values())


if __name__ == "__main__":
    main()
