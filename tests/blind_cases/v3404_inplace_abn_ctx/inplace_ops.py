"""Memory-saving in-place activation for BN-activation pairs (InPlace-ABN style)."""
import torch
import torch.nn as nn


class InplaceLeakyReLU(torch.autograd.Function):
    """Leaky ReLU applied in place; the backward pass recovers the mask from the output."""

    @staticmethod
    def forward(ctx, x, slope):
        x.copy_(torch.where(x >= 0, x, x * slope))
        ctx.mark_dirty(x)
        ctx.slope = slope
        ctx.activated = x  # cycle
        return x

    @staticmethod
    def backward(ctx, grad_out):
        y = ctx.activated
        scale = torch.where(y >= 0, torch.ones_like(y), torch.full_like(y, ctx.slope))
        return grad_out * scale, None


def inplace_leaky_relu(x, slope=0.01):
    return InplaceLeakyReLU.apply(x, slope)


class BNAct(nn.Module):
    """BatchNorm followed by an in-place leaky ReLU that reuses the BN output buffer."""

    def __init__(self, channels, slope=0.01):
        super().__init__()
        self.bn = nn.BatchNorm2d(channels)
        self.slope = slope

    def forward(self, x):
        return inplace_leaky_relu(self.bn(x), self.slope)

    def extra_repr(self):
        return "slope={}".format(self.slope)


class SegHead(nn.Module):
    """3x3 conv + in-place BN/activation, then a 1x1 classifier, upsampled to the input size."""

    def __init__(self, cin, mid, classes):
        super().__init__()
        self.conv = nn.Conv2d(cin, mid, 3, padding=1, bias=False)
        self.bnact = BNAct(mid)
        self.cls = nn.Conv2d(mid, classes, 1)

    def forward(self, feats, size):
        logits = self.cls(self.bnact(self.conv(feats)))
        return nn.functional.interpolate(logits, size=size, mode="bilinear", align_corners=False)
