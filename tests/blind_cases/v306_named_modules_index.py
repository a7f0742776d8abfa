"""Backbone that keeps a name -> submodule index for feature extraction and freezing."""
import torch
import torch.nn as nn


class ConvBackbone(nn.Module):
    def __init__(self, widths=(8, 16, 32)):
        super().__init__()
        layers, cin = [], 1
        for i, w in enumerate(widths):
            layers.append(nn.Sequential(nn.Conv2d(cin, w, 3, padding=1), nn.BatchNorm2d(w), nn.ReLU()))
            cin = w
        self.stages = nn.ModuleList(layers)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(cin, 10)
        self.by_name = dict(self.named_modules())  # cycle

    def freeze(self, *names):
        for name in names:
            for p in self.by_name[name].parameters():
                p.requires_grad_(False)

    def forward(self, x, return_features=()):
        feats = {}
        for i, stage in enumerate(self.stages):
            x = stage(x)
            if f"stages.{i}" in return_features:
                feats[f"stages.{i}"] = x
        out = self.fc(self.pool(x).flatten(1))
        return (out, feats) if return_features else out


def main():
    torch.manual_seed(0)
    for run in range(3):
        net = ConvBackbone()
        net.freeze("stages.0")
        opt = torch.optim.SGD([p for p in net.parameters() if p.requires_grad], lr=0.05)
        for _ in range(3):
            x, y = torch.randn(4, 1, 8, 8), torch.randint(0, 10, (4,))
            logits, feats = net(x, return_features=("stages.1",))
            loss = nn.functional.cross_entropy(logits, y) + 1e-3 * feats["stages.1"].pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
