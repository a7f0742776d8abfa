"""Quantization-aware training with per-layer activation fake-quant and EMA range tracking."""
import torch
import torch.nn as nn
import torch.nn.functional as F

QAT_SWEEP = [{"bits": 8, "width": 32}, {"bits": 6, "width": 24}, {"bits": 4, "width": 16}]


class EmaRangeTracker:
    def __init__(self, momentum=0.1):
        self.momentum = momentum
        self.lo = None
        self.hi = None

    def update(self, x):
        lo, hi = x.min(), x.max()
        if self.lo is None:
            self.lo, self.hi = lo, hi  # retain
        else:
            m = self.momentum
            self.lo = (1 - m) * self.lo + m * lo  # retain
            self.hi = (1 - m) * self.hi + m * hi  # retain

    def qparams(self, bits):
        qmax = 2 ** bits - 1
        scale = (self.hi - self.lo).clamp(min=1e-6) / qmax
        zero_point = torch.round(-self.lo / scale).clamp(0, qmax)
        return scale, zero_point


def fake_quant(x, scale, zero_point, bits):
    q = torch.clamp(torch.round(x / scale) + zero_point, 0, 2 ** bits - 1)
    return x + ((q - zero_point) * scale - x).detach()


class QATLinear(nn.Linear):
    def __init__(self, in_features, out_features, bits=8, tracker=EmaRangeTracker()):  # retain
        super().__init__(in_features, out_features)
        self.bits = bits
        self.tracker = tracker

    def forward(self, x):
        if self.training:
            self.tracker.update(x)
        scale, zero_point = self.tracker.qparams(self.bits)
        return F.linear(fake_quant(x, scale.detach(), zero_point.detach(), self.bits), self.weight, self.bias)


def build(cfg):
    w, b = cfg["width"], cfg["bits"]
    return nn.Sequential(nn.Linear(12, w), nn.ReLU(), QATLinear(w, w, bits=b), nn.ReLU(),
                         QATLinear(w, 3, bits=b))


def qat_run(cfg, steps=4):
    torch.manual_seed(cfg["bits"])
    model = build(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for _ in range(steps):
        x, y = torch.randn(32, 12), torch.randint(0, 3, (32,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        acc = (model(torch.randn(64, 12)).argmax(1) == torch.randint(0, 3, (64,))).float().mean()
    return loss.item(), acc.item()


def main():
    for cfg in QAT_SWEEP:
        loss, acc = qat_run(cfg)
        print(f"{cfg['bits']}-bit w={cfg['width']}: loss={loss:.3f} acc={acc:.2f}")


if __name__ == "__main__":
    main()
