"""Gradient checks for custom autograd functions, collected into a readable report."""
import traceback

import torch
from torch.autograd.gradcheck import GradcheckError


class ScaledSquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, scale):
        ctx.save_for_backward(x)
        ctx.scale = scale
        return scale * x * x

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return grad_out * 2 * ctx.scale * x, None


class LeakyClamp(torch.autograd.Function):
    """Deliberately approximate backward: the slope below zero is wrong."""

    @staticmethod
    def forward(ctx, x, slope):
        ctx.save_for_backward(x)
        ctx.slope = slope
        return torch.where(x > 0, x, slope * x)

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return grad_out * torch.where(x > 0, torch.ones_like(x), torch.zeros_like(x)), None


class GradcheckReport:
    def __init__(self, eps=1e-6, atol=1e-5):
        self.eps = eps
        self.atol = atol
        self.passed = []
        self.failures = {}

    def check(self, name, fn, *args):
        inputs = tuple(a.detach().double().requires_grad_(True) if torch.is_tensor(a) else a for a in args)
        try:
            torch.autograd.gradcheck(fn, inputs, eps=self.eps, atol=self.atol)
        except GradcheckError as err:
            self.failures[name] = traceback.TracebackException.from_exception(err)
        else:
            self.passed.append(name)

    def render(self):
        lines = [f"passed: {', '.join(self.passed) or '-'}"]
        for name, tb_exc in self.failures.items():
            lines.append(f"FAILED {name}: {''.join(tb_exc.format_exception_only()).strip()[:80]}")
        return "\n".join(lines)


CHECKS = [
    ("scaled_square", ScaledSquare.apply, (3, 4), 0.5),
    ("leaky_clamp", LeakyClamp.apply, (5,), 0.1),
    ("linear", torch.nn.functional.linear, (2, 3), None),
]


def main():
    torch.manual_seed(0)
    for round_ in range(2):
        report = GradcheckReport()
        for name, fn, shape, extra in CHECKS:
            x = torch.randn(*shape)
            args = (x, extra) if extra is not None else (x, torch.randn(4, 3))
            report.check(f"{name}[{round_}]", fn, *args)
        report.render()


if __name__ == "__main__":
    main()
