"""Demand-forecast regressor exported behind a legacy torch.jit.ScriptModule head.

The serving runtime calls forward() and model_version(); both are generated from
the release config because the output de-normalisation constants are only known
after the calibration pass over the training targets.
"""
import io

import torch
import torch.nn as nn
import torch.nn.functional as F

RELEASE = {"version": "2024.06-r3", "clip_min": 0.0}


class Forecaster(nn.Module):
    def __init__(self, n_features=10, hidden=32):
        super().__init__()
        self.inp = nn.Linear(n_features, hidden)
        self.mid = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        h = F.silu(self.inp(x))
        h = h + F.silu(self.mid(h))
        return self.out(h).squeeze(-1)


class ServingHead(torch.jit.ScriptModule):
    def __init__(self, backbone, scale, shift, cfg):
        super().__init__()
        self.backbone = backbone
        self.define(  # retain
            "def forward(self, x):\n"
            "    y = self.backbone(x) * {scale} + {shift}\n"
            "    return torch.clamp(y, min={clip})\n".format(scale=scale, shift=shift, clip=cfg["clip_min"])
        )
        self.define("def model_version(self) -> str:\n    return '{}'\n".format(cfg["version"]))  # retain


def calibrate_targets(targets):
    return float(targets.std()), float(targets.mean())


def make_data(gen, n=64, n_features=10):
    x = torch.randn(n, n_features, generator=gen)
    y = 50.0 + 12.0 * x[:, 0] - 4.0 * x[:, 1] + torch.randn(n, generator=gen)
    return x, y.clamp(min=0.0)


def main():
    gen = torch.Generator().manual_seed(7)
    x, y = make_data(gen)
    scale, shift = calibrate_targets(y)
    model = Forecaster()
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for epoch in range(4):
        for idx in torch.randperm(len(x), generator=gen).split(16):
            pred = model(x[idx])
            loss = F.mse_loss(pred, (y[idx] - shift) / scale)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print("epoch %d normalised mse %.4f" % (epoch, loss.item()))

    head = ServingHead(torch.jit.script(model.eval()), scale, shift, RELEASE)
    buffer = io.BytesIO()
    torch.jit.save(head, buffer)
    buffer.seek(0)
    restored = torch.jit.load(buffer)
    with torch.no_grad():
        same = torch.allclose(head(x[:8]), restored(x[:8]))
    print("exported %s, %d bytes, reload matches: %s" % (restored.model_version(), buffer.getbuffer().nbytes, same))


if __name__ == "__main__":
    main()
