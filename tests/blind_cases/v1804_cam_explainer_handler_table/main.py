"""Trains a small CNN and explains a validation batch after every epoch."""
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F

from attribution import CamExplainer, find_layer

SETTINGS = {"epochs": 3, "batches": 2, "target_layer": "features.conv2", "lr": 0.05}


def make_cnn(classes=3):
    features = nn.Sequential(OrderedDict([
        ("conv1", nn.Conv2d(3, 8, 3, padding=1)), ("act1", nn.ReLU()),
        ("conv2", nn.Conv2d(8, 16, 3, padding=1)), ("act2", nn.ReLU()),
    ]))
    return nn.Sequential(OrderedDict([
        ("features", features), ("pool", nn.AdaptiveAvgPool2d(1)),
        ("flat", nn.Flatten()), ("fc", nn.Linear(16, classes)),
    ]))


def train_epoch(model, opt, n_batches):
    model.train()
    for _ in range(n_batches):
        x, y = torch.randn(4, 3, 10, 10), torch.randint(0, 3, (4,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


def explain_epoch(model, epoch):
    model.eval()
    explainer = CamExplainer(find_layer(model, SETTINGS["target_layer"]))
    maps = explainer.attribute(model, torch.randn(2, 3, 10, 10))
    return float(maps.mean())


def main():
    model = make_cnn()
    opt = torch.optim.SGD(model.parameters(), lr=SETTINGS["lr"])
    report = []
    for epoch in range(SETTINGS["epochs"]):
        train_epoch(model, opt, SETTINGS["batches"])
        report.append(explain_epoch(model, epoch))
    print("mean saliency per epoch", ["%.3f" % v for v in report])


if __name__ == "__main__":
    main()
