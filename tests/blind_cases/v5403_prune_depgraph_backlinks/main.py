"""Iterative filter pruning with short fine-tuning between rounds."""
import torch
import torch.nn as nn

from depgraph import DependencyGraph
from pruner import prune_conv_filters

SCHEDULE = [{"layer": "features.0", "ratio": 0.25}, {"layer": "features.3", "ratio": 0.25}]


class SmallNet(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
            nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(),
            nn.Conv2d(32, 32, 3, padding=1), nn.ReLU())
        self.classifier = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(32, num_classes))

    def forward(self, x):
        return self.classifier(self.features(x))


def finetune(model, steps):
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for _ in range(steps):
        x, y = torch.randn(8, 3, 16, 16), torch.randint(0, 10, (8,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    model = SmallNet()
    finetune(model, 2)
    example = torch.randn(1, 3, 16, 16)
    for round_cfg in SCHEDULE:
        graph = DependencyGraph().build(model, example)
        removed = prune_conv_filters(model, graph, round_cfg["layer"], round_cfg["ratio"])
        finetune(model, 2)
        n_params = sum(p.numel() for p in model.parameters())
        print(f"pruned {removed} filters of {round_cfg['layer']}, {n_params} parameters left")


if __name__ == "__main__":
    main()
