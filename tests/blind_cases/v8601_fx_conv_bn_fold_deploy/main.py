"""Small conv classifier; after every epoch the BN-folded deploy graph is checked against eval mode."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from deploy import deploy_report, fold_conv_bn

CONFIG = {"channels": (3, 8, 16), "classes": 5, "epochs": 3, "steps": 4, "lr": 0.05}


class ConvBNAct(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(cout)

    def forward(self, x):
        return F.relu(self.bn(self.conv(x)))


class TinyNet(nn.Module):
    def __init__(self, channels, classes):
        super().__init__()
        self.stages = nn.Sequential(*[ConvBNAct(a, b, stride=2) for a, b in zip(channels, channels[1:])])
        self.head = nn.Linear(channels[-1], classes)

    def forward(self, x):
        x = self.stages(x)
        return self.head(x.mean(dim=(2, 3)))


def train_epoch(model, opt, steps, classes):
    model.train()
    total = 0.0
    for _ in range(steps):
        x = torch.randn(8, 3, 16, 16)
        y = torch.randint(0, classes, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    return total / steps


def main():
    cfg = CONFIG
    model = TinyNet(cfg["channels"], cfg["classes"])
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    probe = torch.randn(4, 3, 16, 16)
    history = []
    for epoch in range(cfg["epochs"]):
        loss = train_epoch(model, opt, cfg["steps"], cfg["classes"])
        deployed = fold_conv_bn(model)
        report = deploy_report(model, deployed, probe)
        history.append({"epoch": epoch, "loss": loss, **report})
    return history


if __name__ == "__main__":
    main()
