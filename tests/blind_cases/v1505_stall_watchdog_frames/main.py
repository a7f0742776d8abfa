"""Training loop supervised by a stall watchdog."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from watchdog import StallWatchdog


class ConvNet(nn.Module):
    def __init__(self, channels=8, classes=5):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, channels, 3, padding=1), nn.BatchNorm2d(channels), nn.ReLU(),
            nn.Conv2d(channels, channels, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.fc = nn.Linear(channels, classes)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))


class Trainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
        self.watchdog = StallWatchdog(interval=0.002)  # cycle
        self.step = 0

    def train_step(self, x, y):
        loss = F.cross_entropy(self.model(x), y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.step += 1
        self.watchdog.beat()
        return loss.item()

    def fit(self, loader):
        self.watchdog.start()
        try:
            return [self.train_step(x, y) for x, y in loader]
        finally:
            self.watchdog.stop()


def main():
    loader = [(torch.randn(8, 3, 16, 16), torch.randint(0, 5, (8,))) for _ in range(6)]
    for run in range(2):
        trainer = Trainer(ConvNet())
        losses = trainer.fit(loader)
        assert len(losses) == len(loader) and trainer.watchdog.samples > 0


if __name__ == "__main__":
    main()
