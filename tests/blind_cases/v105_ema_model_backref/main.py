"""Image classifier that carries its own EMA copy of the weights, one run per seed."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from ema import ModelEma


class SmallConvNet(nn.Module):
    def __init__(self, n_classes=4):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
                                      nn.AdaptiveAvgPool2d(2), nn.Flatten())
        self.classifier = nn.Linear(32, n_classes)

    def enable_ema(self, decay):
        self.ema = ModelEma(self, decay=decay)  # cycle

    def forward(self, x):
        return self.classifier(self.features(x))


def run(seed, steps=4):
    torch.manual_seed(seed)
    model = SmallConvNet()
    model.enable_ema(decay=0.95)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for _ in range(steps):
        x = torch.randn(8, 1, 8, 8)
        y = torch.randint(0, 4, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        model.ema.update()
    model.eval()
    val = torch.randn(8, 1, 8, 8)
    return model.ema.evaluate(val).argmax(1).tolist()


def main():
    for seed in range(3):
        run(seed)


if __name__ == "__main__":
    main()
