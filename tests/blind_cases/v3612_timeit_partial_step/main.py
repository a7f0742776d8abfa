"""Pick the batch size with the best training throughput for a small conv net."""
import torch
import torch.nn as nn

from benchutil import ThroughputProbe


class SmallConvNet(nn.Module):
    def __init__(self, channels=8, classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, channels, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(channels, 2 * channels, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        )
        self.head = nn.Linear(2 * channels, classes)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


def probe_batch_size(batch_size, lr=0.05):
    torch.manual_seed(batch_size)
    model = SmallConvNet()
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    inputs = torch.randn(batch_size, 1, 16, 16)
    targets = torch.randint(0, 10, (batch_size,))
    probe = ThroughputProbe(model, optimizer, nn.functional.cross_entropy, inputs, targets)
    best = probe.run()
    print(probe)
    return best


def main():
    throughput = {}
    for batch_size in (8, 16, 32):
        throughput[batch_size] = probe_batch_size(batch_size)
    chosen = max(throughput, key=throughput.get)
    print(f"chosen batch size: {chosen} ({throughput[chosen]:.0f} samples/s)")


if __name__ == "__main__":
    main()
