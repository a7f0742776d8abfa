"""Locally written LSQ-style fake quantization for quantization-aware fine-tuning."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class _LSQRound(torch.autograd.Function):
    @staticmethod
    def forward(ctx, w, quantizer):
        ctx.quantizer = quantizer  # cycle
        scale = quantizer.scale.detach()
        q = torch.clamp(torch.round(w / scale), quantizer.qmin, quantizer.qmax)
        ctx.save_for_backward(w / scale)
        return q * scale

    @staticmethod
    def backward(ctx, grad_out):
        (ws,) = ctx.saved_tensors
        q = ctx.quantizer
        inside = (ws >= q.qmin) & (ws <= q.qmax)
        return grad_out * inside, None


class WeightQuantizer(nn.Module):
    def __init__(self, bits=4):
        super().__init__()
        self.qmin, self.qmax = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
        self.scale = nn.Parameter(torch.tensor(0.05))
        self.last_qweight = None

    def initialise(self, w):
        with torch.no_grad():
            self.scale.fill_(2 * w.abs().mean() / self.qmax ** 0.5)

    def forward(self, w):
        qw = _LSQRound.apply(w, self)  # cycle
        self.last_qweight = qw  # cycle
        return qw


class QATLinear(nn.Linear):
    def __init__(self, in_f, out_f, bits=4):
        super().__init__(in_f, out_f)
        self.wq = WeightQuantizer(bits)
        self.wq.initialise(self.weight)

    def forward(self, x):
        return F.linear(x, self.wq(self.weight), self.bias)

    def quantization_error(self):
        return float((self.weight - self.wq.last_qweight).abs().mean())


def main():
    torch.manual_seed(0)
    model = nn.Sequential(QATLinear(10, 24), nn.ReLU(), QATLinear(24, 3))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(4):
        x, y = torch.randn(8, 10), torch.randint(0, 3, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("quantization error", [round(m.quantization_error(), 4) for m in model if isinstance(m, QATLinear)])


if __name__ == "__main__":
    main()
