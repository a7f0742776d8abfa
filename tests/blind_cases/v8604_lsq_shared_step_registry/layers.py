"""Fake-quantized building blocks for quantization-aware training."""
import torch.nn as nn
import torch.nn.functional as F

from lsq import LsqQuantizer


class QuantLinear(nn.Linear):
    def __init__(self, cin, cout, bits):
        super().__init__(cin, cout)
        self.weight_quant = LsqQuantizer(bits, signed=True)

    def forward(self, x):
        return F.linear(x, self.weight_quant(self.weight), self.bias)


class QuantResidualBlock(nn.Module):
    """y = q(x) + q(mlp(x)); both operands of the add are quantized with one step size."""

    def __init__(self, dim, bits, name):
        super().__init__()
        self.fc1 = QuantLinear(dim, 2 * dim, bits)
        self.fc2 = QuantLinear(2 * dim, dim, bits)
        self.skip_quant = LsqQuantizer(bits, share_group=f"{name}.add")
        self.branch_quant = LsqQuantizer(bits, share_group=f"{name}.add")

    def forward(self, x):
        h = self.fc2(F.relu(self.fc1(x)))
        return self.skip_quant(x) + self.branch_quant(h)


class QatNet(nn.Module):
    def __init__(self, dim, depth, classes, bits):
        super().__init__()
        self.stem = nn.Linear(16, dim)
        self.blocks = nn.Sequential(*[QuantResidualBlock(dim, bits, f"block{i}") for i in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(F.relu(self.stem(x))))
