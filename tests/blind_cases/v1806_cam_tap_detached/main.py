"""Evaluates a classifier and writes Grad-CAM statistics for every validation batch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from camlib import GradCAM


class TinyResNet(nn.Module):
    def __init__(self, width=8, classes=4):
        super().__init__()
        self.stem = nn.Conv2d(3, width, 3, padding=1)
        self.block = nn.Sequential(nn.Conv2d(width, width, 3, padding=1), nn.BatchNorm2d(width))
        self.head = nn.Linear(width, classes)

    def forward(self, x):
        h = F.relu(self.stem(x))
        h = F.relu(h + self.block(h))
        return self.head(h.mean(dim=(2, 3)))


def fit(model, steps=3):
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for _ in range(steps):
        x, y = torch.randn(8, 3, 12, 12), torch.randint(0, 4, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


def cam_statistics(model, batches):
    model.eval()
    explainer = GradCAM(model, target_layer=model.block[0])
    stats = []
    for images, labels in batches:
        cam = explainer(images, labels)
        stats.append({"coverage": float((cam > 0.5).float().mean()), "peak": float(cam.max())})
    return stats


def main():
    model = TinyResNet()
    fit(model)
    batches = [(torch.randn(4, 3, 12, 12), torch.randint(0, 4, (4,))) for _ in range(3)]
    for i, row in enumerate(cam_statistics(model, batches)):
        print(i, "coverage %.2f peak %.2f" % (row["coverage"], row["peak"]))


if __name__ == "__main__":
    main()
