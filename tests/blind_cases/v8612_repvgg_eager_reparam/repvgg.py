"""RepVGG-style block: 3x3 + 1x1 + identity branches at train time, one 3x3 conv at deploy time."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_bn(cin, cout, k, stride):
    return nn.Sequential(nn.Conv2d(cin, cout, k, stride=stride, padding=k // 2, bias=False), nn.BatchNorm2d(cout))


class RepBlock(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.cin, self.cout, self.stride = cin, cout, stride
        self.rbr_dense = conv_bn(cin, cout, 3, stride)
        self.rbr_1x1 = conv_bn(cin, cout, 1, stride)
        self.rbr_identity = nn.BatchNorm2d(cin) if cin == cout and stride == 1 else None
        self.deployed = False

    def forward(self, x):
        if self.deployed:
            return F.relu(self.reparam(x))
        out = self.rbr_dense(x) + self.rbr_1x1(x)
        if self.rbr_identity is not None:
            out = out + self.rbr_identity(x)
        return F.relu(out)

    @staticmethod
    def _fold(kernel, bn):
        std = (bn.running_var + bn.eps).sqrt()
        t = (bn.weight / std).reshape(-1, 1, 1, 1)
        return kernel * t, bn.bias - bn.running_mean * bn.weight / std

    def _identity_kernel(self):
        kernel = torch.zeros(self.cin, self.cin, 3, 3)
        for i in range(self.cin):
            kernel[i, i, 1, 1] = 1.0
        return kernel

    @torch.no_grad()
    def equivalent_kernel_bias(self):
        k3, b3 = self._fold(self.rbr_dense[0].weight, self.rbr_dense[1])
        k1, b1 = self._fold(F.pad(self.rbr_1x1[0].weight, [1, 1, 1, 1]), self.rbr_1x1[1])
        kernel, bias = k3 + k1, b3 + b1
        if self.rbr_identity is not None:
            kid, bid = self._fold(self._identity_kernel(), self.rbr_identity)
            kernel, bias = kernel + kid, bias + bid
        return kernel, bias

    def switch_to_deploy(self):
        kernel, bias = self.equivalent_kernel_bias()
        self.reparam = nn.Conv2d(self.cin, self.cout, 3, stride=self.stride, padding=1)
        self.reparam.weight.data.copy_(kernel)
        self.reparam.bias.data.copy_(bias)
        del self.rbr_dense, self.rbr_1x1
        self.rbr_identity = None
        self.deployed = True


def repvgg_convert(model):
    deployed = copy.deepcopy(model).eval()
    for module in deployed.modules():
        if isinstance(module, RepBlock):
            module.switch_to_deploy()
    return deployed
