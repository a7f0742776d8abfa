"""Deployment helpers: fold BatchNorm statistics into the preceding convolution."""
import torch
import torch.nn as nn

from blocks import Conv, FusedConv


def fuse_conv_and_bn(conv, bn):
    fused = nn.Conv2d(conv.in_channels, conv.out_channels, kernel_size=conv.kernel_size,
                      stride=conv.stride, padding=conv.padding, dilation=conv.dilation,
                      groups=conv.groups, bias=True).requires_grad_(False)
    w_conv = conv.weight.clone().view(conv.out_channels, -1)
    w_bn = torch.diag(bn.weight.div(torch.sqrt(bn.eps + bn.running_var)))
    fused.weight.copy_(torch.mm(w_bn, w_conv).view(fused.weight.shape))
    b_conv = torch.zeros(conv.weight.size(0)) if conv.bias is None else conv.bias
    b_bn = bn.bias - bn.weight.mul(bn.running_mean).div(torch.sqrt(bn.running_var + bn.eps))
    fused.bias.copy_(torch.mm(w_bn, b_conv.reshape(-1, 1)).reshape(-1) + b_bn)
    return fused


def _parent_of(model, qualname):
    parent_name, _, child_name = qualname.rpartition(".")
    return (model.get_submodule(parent_name) if parent_name else model), child_name


@torch.no_grad()
def fuse(model):
    targets = [(name, m) for name, m in model.named_modules() if isinstance(m, Conv)]
    for name, m in targets:
        parent, child_name = _parent_of(model, name)
        setattr(parent, child_name, FusedConv(fuse_conv_and_bn(m.conv, m.bn), m.act))
    return model
