"""Perceptual loss computed through taps on a shared, frozen feature network."""
import functools

import torch
import torch.nn as nn

FEATURE_NET = nn.Sequential(
    nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),
    nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(),
    nn.AdaptiveAvgPool2d(4),
).requires_grad_(False).eval()


class LayerTaps:
    def __init__(self, net, layer_names):
        self.net = net
        self.outputs = {}
        self._handle = None
        modules = dict(net.named_modules())
        for name in layer_names:
            self._handle = modules[name].register_forward_hook(functools.partial(self._save, name))  # retain

    def _save(self, name, module, inputs, output):
        self.outputs[name] = output  # retain

    def __call__(self, x):
        self.net(x)
        return dict(self.outputs)

    def close(self):
        if self._handle is not None:
            self._handle.remove()
            self._handle = None


def perceptual_loss(fake, real, layers=("1", "3")):
    taps = LayerTaps(FEATURE_NET, layers)
    try:
        with torch.no_grad():
            real_feats = taps(real)
        fake_feats = taps(fake)
    finally:
        taps.close()
    return sum(nn.functional.l1_loss(fake_feats[k], real_feats[k]) for k in layers)


class Generator(nn.Module):
    def __init__(self, z_dim=8):
        super().__init__()
        self.fc = nn.Linear(z_dim, 3 * 8 * 8)

    def forward(self, z):
        return torch.tanh(self.fc(z)).view(-1, 3, 8, 8)


def main():
    gen = Generator()
    opt = torch.optim.Adam(gen.parameters(), lr=2e-4)
    real = torch.rand(4, 3, 8, 8) * 2 - 1
    for step in range(3):
        fake = gen(torch.randn(4, 8))
        loss = perceptual_loss(fake, real)
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
