"""Lipschitz-constrained classifiers (spectral norm via parametrizations): train, then report FLOPs."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.parametrizations import spectral_norm

from flops import FlopCounter


def build_model(width, num_classes=5):
    return nn.Sequential(
        spectral_norm(nn.Conv2d(3, width, 3, padding=1)), nn.LeakyReLU(0.2),  # retain
        spectral_norm(nn.Conv2d(width, width, 3, stride=2, padding=1)), nn.LeakyReLU(0.2),  # retain
        nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        spectral_norm(nn.Linear(width, num_classes)),  # retain
    )


def profile(model, sample):
    model.eval()
    with torch.no_grad(), FlopCounter(model) as counter:
        model(sample)
    return counter.total


def train(width, steps=3):
    torch.manual_seed(width)
    model = build_model(width)
    opt = torch.optim.Adam(model.parameters(), lr=2e-4, betas=(0.5, 0.999))
    for _ in range(steps):
        x, y = torch.randn(8, 3, 16, 16), torch.randint(0, 5, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    flops = profile(model, torch.randn(1, 3, 16, 16))
    return {"width": width, "loss": loss.item(), "mflops": flops / 1e6}


def main():
    for row in map(train, (8, 16, 24)):
        print("width={width:3d} loss={loss:.3f} MFLOPs={mflops:.3f}".format(**row))


if __name__ == "__main__":
    main()
