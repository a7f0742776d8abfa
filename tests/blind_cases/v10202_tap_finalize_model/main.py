"""Per-epoch activation drift check on a small ConvNet during training."""
import torch
import torch.nn as nn

from tap import ActivationTap

CFG = {"epochs": 3, "steps": 3, "batch": 8, "probe_layers": ["features.0", "features.3", "classifier"]}


class Net(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Linear(16, n_classes)

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))


def probe(model, layers):
    tap = ActivationTap(model, layers)
    with torch.no_grad():
        model(torch.randn(4, 3, 16, 16))
    return tap.summary()


def main():
    model = Net()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    history = []
    for epoch in range(CFG["epochs"]):
        model.train()
        for _ in range(CFG["steps"]):
            x = torch.randn(CFG["batch"], 3, 16, 16)
            y = torch.randint(0, 10, (CFG["batch"],))
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        history.append(probe(model, CFG["probe_layers"]))
    print({k: round(v[0], 3) for k, v in history[-1].items()})


if __name__ == "__main__":
    main()
