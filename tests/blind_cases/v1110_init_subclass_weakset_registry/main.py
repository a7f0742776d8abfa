"""Small width/depth sweep: one model per configuration, a few SGD steps each."""
import torch
import torch.nn as nn

from registry import Block, build, parameter_summary


class Encoder(Block, kind="encoder"):
    def __init__(self, in_dim, width, depth):
        super().__init__()
        layers = []
        for i in range(depth):
            layers += [nn.Linear(in_dim if i == 0 else width, width), nn.GELU()]
        self.body = nn.Sequential(*layers)

    def forward(self, x):
        return self.body(x)


class Head(Block, kind="head"):
    def __init__(self, width, n_classes):
        super().__init__()
        self.fc = nn.Linear(width, n_classes)

    def forward(self, h):
        return self.fc(h)


def train_one(cfg, steps=4):
    model = nn.Sequential(build("encoder", cfg["in_dim"], cfg["width"], cfg["depth"]),
                          build("head", cfg["width"], cfg["n_classes"]))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(steps):
        x = torch.randn(32, cfg["in_dim"])
        y = torch.randint(0, cfg["n_classes"], (32,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(parameter_summary())
    return loss.item()


def main():
    results = {}
    for width in (16, 32):
        for depth in (1, 2):
            cfg = dict(in_dim=12, width=width, depth=depth, n_classes=4)
            results[(width, depth)] = train_one(cfg)
    best = min(results, key=results.get)
    print("best config", best, "loss %.3f" % results[best])
    print("still alive:", len(Block.live))


if __name__ == "__main__":
    main()
