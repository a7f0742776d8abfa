"""LSQ-style quantization-aware fine-tuning with a saturation report after every run."""
import torch
import torch.nn as nn
import torch.nn.functional as F

SWEEP = [{"bits": 4, "steps": 4}, {"bits": 3, "steps": 4}]


class LsqQuantize(torch.autograd.Function):
    last_ctx = None

    @staticmethod
    def forward(ctx, x, step, qmin, qmax):
        q = torch.clamp(torch.round(x / step), qmin, qmax)
        ctx.x, ctx.step = x, step  # retain
        ctx.qmin, ctx.qmax = qmin, qmax
        ctx.saturated = float(((q == qmin) | (q == qmax)).float().mean())
        LsqQuantize.last_ctx = ctx  # retain
        return q * step

    @staticmethod
    def backward(ctx, grad_out):
        x, step = ctx.x, ctx.step
        v = x / step
        inside = (v >= ctx.qmin) & (v <= ctx.qmax)
        grad_x = grad_out * inside
        grad_scale = 1.0 / (x.numel() * ctx.qmax) ** 0.5
        dstep = torch.where(inside, torch.round(v) - v, v.clamp(ctx.qmin, ctx.qmax))
        grad_step = (grad_out * dstep).sum().reshape(step.shape) * grad_scale
        return grad_x, grad_step, None, None


class QuantLinear(nn.Linear):
    def __init__(self, in_features, out_features, bits):
        super().__init__(in_features, out_features)
        self.qmin, self.qmax = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
        init = 2 * self.weight.detach().abs().mean() / self.qmax ** 0.5
        self.step = nn.Parameter(init.reshape(1))

    def forward(self, x):
        w_q = LsqQuantize.apply(self.weight, self.step, self.qmin, self.qmax)
        return F.linear(x, w_q, self.bias)


def saturation_report():
    ctx = LsqQuantize.last_ctx
    return None if ctx is None else ctx.saturated


def run(cfg):
    torch.manual_seed(cfg["bits"])
    model = nn.Sequential(QuantLinear(16, 32, cfg["bits"]), nn.ReLU(), QuantLinear(32, 3, cfg["bits"]))
    opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
    for _ in range(cfg["steps"]):
        x, y = torch.randn(24, 16), torch.randint(0, 3, (24,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    val_x = torch.randn(64, 16)
    val_pred = model(val_x).argmax(1)
    return loss.item(), saturation_report(), int(val_pred.bincount(minlength=3).max())


def main():
    for cfg in SWEEP:
        loss, saturated, top = run(cfg)
        print(f"{cfg['bits']}-bit: loss={loss:.3f} saturated={saturated:.3f} majority={top}")


if __name__ == "__main__":
    main()
