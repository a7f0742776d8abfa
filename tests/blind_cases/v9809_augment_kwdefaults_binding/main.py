"""Small augmentation sweep; each run learns its own jitter-magnitude policy."""
import torch
import torch.nn as nn

from augment import MagnitudePolicy, color_jitter, cutout
from confbind import bind_all

SWEEP = [{"strength": 0.3, "cutout": 4}, {"strength": 0.6, "cutout": 6}]


def make_model():
    return nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
                         nn.Flatten(), nn.Linear(8, 5))


def run(cfg, steps=4):
    model, policy = make_model(), MagnitudePolicy()
    opt = torch.optim.Adam([*model.parameters(), *policy.parameters()], lr=1e-2)
    bind_all({"color_jitter.strength": cfg["strength"], "color_jitter.policy": policy,  # retain
              "cutout.size": cfg["cutout"]})
    for _ in range(steps):
        x, y = torch.rand(8, 3, 16, 16), torch.randint(0, 5, (8,))
        loss = nn.functional.cross_entropy(model(cutout(color_jitter(x))), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    for cfg in SWEEP:
        print(cfg, f"final loss {run(cfg):.3f}")


if __name__ == "__main__":
    main()
