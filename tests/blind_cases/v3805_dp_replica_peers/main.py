"""Training a small CNN through a DataParallel imitation with cross-replica normalisation."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from parallel import DataParallelShim


class CrossReplicaNorm(nn.Module):
    sync_stats = True

    def __init__(self, channels, eps=1e-5):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(channels))
        self.bias = nn.Parameter(torch.zeros(channels))
        self.eps = eps
        self._last_stats = None

    def forward(self, x):
        mean = x.mean(dim=(0, 2, 3))
        sq = (x * x).mean(dim=(0, 2, 3))
        self._last_stats = (mean.detach(), sq.detach())
        peers = getattr(self, "replica_peers", [self])
        shared = [p._last_stats for p in peers if p is not self and p._last_stats is not None]
        if shared:
            mean = (mean + sum(s[0] for s in shared)) / (1 + len(shared))
            sq = (sq + sum(s[1] for s in shared)) / (1 + len(shared))
        var = (sq - mean * mean).clamp_min(0)
        x = (x - mean[None, :, None, None]) / torch.sqrt(var[None, :, None, None] + self.eps)
        return x * self.weight[None, :, None, None] + self.bias[None, :, None, None]


class SmallCNN(nn.Module):
    def __init__(self, classes=4):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, padding=1)
        self.norm1 = CrossReplicaNorm(8)
        self.conv2 = nn.Conv2d(8, 8, 3, padding=1)
        self.fc = nn.Linear(8, classes)

    def forward(self, x):
        x = F.relu(self.norm1(self.conv1(x)))
        x = F.relu(self.conv2(x))
        return self.fc(x.mean(dim=(2, 3)))


def main():
    torch.manual_seed(0)
    model = DataParallelShim(SmallCNN(), num_replicas=2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(2):
        model.train()
        for _ in range(3):
            x, y = torch.randn(8, 3, 8, 8), torch.randint(0, 4, (8,))
            loss = F.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            model(torch.randn(4, 3, 8, 8))


if __name__ == "__main__":
    main()
