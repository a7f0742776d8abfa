"""Pre-train on a 10-class task, then fine-tune on a 3-class task after head surgery."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from surgery import transplant_checkpoint


class ConvClassifier(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
            nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.classifier = nn.Linear(16, num_classes)

    def forward(self, x):
        return self.classifier(self.features(x))


def train(model, num_classes, steps, lr):
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    model.train()
    for _ in range(steps):
        x, y = torch.randn(8, 3, 12, 12), torch.randint(0, num_classes, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    source = ConvClassifier(num_classes=10)
    train(source, 10, steps=3, lr=0.05)
    checkpoint = {k: v.clone() for k, v in source.state_dict().items()}

    target = ConvClassifier(num_classes=3)
    report = transplant_checkpoint(target, checkpoint, source="imagenet-10")
    print(report.summary())
    final = train(target, 3, steps=4, lr=0.01)
    print(f"fine-tuned loss {final:.3f}, reinitialised: {report.reinitialised}")


if __name__ == "__main__":
    main()
