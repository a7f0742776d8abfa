"""QAT with LSQ quantizers whose step-size gradient is rescaled by a tensor hook."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

QAT_CFG = {"w_bits": 4, "a_bits": 8, "epochs": 2, "steps": 3, "lr": 1e-3}


def round_ste(x):
    return (x.round() - x).detach() + x


class LsqQuantizer(nn.Module):
    def __init__(self, bits, signed):
        super().__init__()
        self.qn = -(2 ** (bits - 1)) if signed else 0
        self.qp = 2 ** (bits - 1) - 1 if signed else 2 ** bits - 1
        self.step = nn.Parameter(torch.tensor(1.0))  # cycle
        self.register_buffer("initialized", torch.zeros((), dtype=torch.bool))
        self._grad_scale = 1.0
        self.step.register_hook(self._scale_step_grad)  # cycle

    def _scale_step_grad(self, grad):
        return grad * self._grad_scale

    def forward(self, x):
        if self.training and not self.initialized:
            with torch.no_grad():
                self.step.copy_(2 * x.abs().mean() / math.sqrt(self.qp))
                self.initialized.fill_(True)
        self._grad_scale = 1.0 / math.sqrt(x.numel() * self.qp)
        return round_ste((x / self.step).clamp(self.qn, self.qp)) * self.step


class QuantConv2d(nn.Conv2d):
    def __init__(self, cin, cout, k, w_bits, a_bits, **kw):
        super().__init__(cin, cout, k, **kw)
        self.act_quant = LsqQuantizer(a_bits, signed=False)
        self.weight_quant = LsqQuantizer(w_bits, signed=True)

    def forward(self, x):
        return self._conv_forward(self.act_quant(x), self.weight_quant(self.weight), self.bias)


def build(cfg):
    return nn.Sequential(
        nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),
        QuantConv2d(8, 16, 3, cfg["w_bits"], cfg["a_bits"], padding=1, stride=2), nn.ReLU(),
        QuantConv2d(16, 16, 3, cfg["w_bits"], cfg["a_bits"], padding=1), nn.ReLU(),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10),
    )


def main():
    model = build(QAT_CFG)
    step_params = [p for n, p in model.named_parameters() if n.endswith(".step")]
    others = [p for n, p in model.named_parameters() if not n.endswith(".step")]
    opt = torch.optim.Adam([{"params": others}, {"params": step_params, "weight_decay": 0.0}], lr=QAT_CFG["lr"])
    for epoch in range(QAT_CFG["epochs"]):
        for _ in range(QAT_CFG["steps"]):
            x, y = torch.randn(8, 3, 16, 16), torch.randint(0, 10, (8,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return {n: float(p) for n, p in zip(("l2.act", "l2.w", "l4.act", "l4.w"), step_params)}


if __name__ == "__main__":
    main()
