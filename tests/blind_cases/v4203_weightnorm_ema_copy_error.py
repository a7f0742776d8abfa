"""Temporal-conv forecaster trained with a weight-averaged (EMA) shadow model."""
import copy
import math

import torch
import torch.nn as nn
from torch.nn.utils import weight_norm


class TemporalBlock(nn.Module):
    def __init__(self, c_in, c_out, dilation):
        super().__init__()
        pad = 2 * dilation
        self.conv = weight_norm(nn.Conv1d(c_in, c_out, 3, padding=pad, dilation=dilation))
        self.chomp = pad
        self.down = nn.Conv1d(c_in, c_out, 1) if c_in != c_out else nn.Identity()

    def forward(self, x):
        y = torch.relu(self.conv(x)[..., :-self.chomp])
        return torch.relu(y + self.down(x))


class TCN(nn.Module):
    def __init__(self, channels=(1, 8, 8), horizon=4):
        super().__init__()
        self.blocks = nn.Sequential(*[TemporalBlock(a, b, 2 ** i) for i, (a, b) in enumerate(zip(channels, channels[1:]))])
        self.head = nn.Linear(channels[-1], horizon)

    def forward(self, x):
        return self.head(self.blocks(x)[..., -1])


class ModelEMA:
    """Keeps an exponential moving average of a model's state (YOLO/timm style)."""

    def __init__(self, model, factory, decay=0.99, tau=20):
        self.factory = factory
        self.fallback_reason = None
        self.ema = self._shadow(model)
        self.updates = 0
        self.decay = lambda n: decay * (1 - math.exp(-n / tau))

    def _shadow(self, model):
        try:
            ema = copy.deepcopy(model)
        except RuntimeError as err:
            self.fallback_reason = err  # cycle
            ema = self.factory()
            ema.load_state_dict(model.state_dict())
        ema.eval()
        for p in ema.parameters():
            p.requires_grad_(False)
        return ema

    @torch.no_grad()
    def update(self, model):
        self.updates += 1
        d = self.decay(self.updates)
        msd = model.state_dict()
        for k, v in self.ema.state_dict().items():
            if v.dtype.is_floating_point:
                v.mul_(d).add_(msd[k].detach(), alpha=1 - d)


def train(seed, steps=5):
    torch.manual_seed(seed)
    model = TCN()
    ema = ModelEMA(model, factory=TCN)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(steps):
        x = torch.randn(8, 1, 24)
        y = x[:, 0, -4:].flip(-1)
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        ema.update(model)
    with torch.no_grad():
        x = torch.randn(4, 1, 24)
        val = nn.functional.mse_loss(ema.ema(x), x[:, 0, -4:].flip(-1)).item()
    return val


def main():
    results = {seed: train(seed) for seed in range(3)}
    print({k: round(v, 4) for k, v in results.items()})


if __name__ == "__main__":
    main()
