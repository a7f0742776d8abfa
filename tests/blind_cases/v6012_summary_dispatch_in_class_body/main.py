"""Small architecture sweep that prints a layer summary for every trained candidate."""
import torch
import torch.nn as nn

from summarytools import ModelSummary

SWEEP = [
    {"name": "narrow", "width": 8, "depth": 1, "freeze_stem": False},
    {"name": "wide", "width": 32, "depth": 1, "freeze_stem": True},
    {"name": "deep", "width": 16, "depth": 3, "freeze_stem": False},
]


def build(cfg):
    layers = [nn.Conv2d(1, cfg["width"], 3, padding=1), nn.ReLU()]
    for _ in range(cfg["depth"] - 1):
        layers += [nn.Conv2d(cfg["width"], cfg["width"], 3, padding=1), nn.ReLU()]
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cfg["width"], 10)]
    model = nn.Sequential(*layers)
    if cfg["freeze_stem"]:
        model[0].requires_grad_(False)
    return model


def train(model, steps=3):
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.Adam(params, lr=1e-3)
    for _ in range(steps):
        x, y = torch.randn(8, 1, 12, 12), torch.randint(0, 10, (8,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for cfg in SWEEP:
        model = build(cfg)
        loss = train(model)
        summary = ModelSummary(model, example=torch.randn(1, 1, 12, 12)).collect()
        print(f"== {cfg['name']} (loss {loss:.3f})")
        print(summary.render())


if __name__ == "__main__":
    main()
