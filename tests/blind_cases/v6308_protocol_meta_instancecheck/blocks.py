"""RepVGG-style blocks: multi-branch for training, a single conv for inference."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvBN(nn.Module):
    def __init__(self, cin, cout, k):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, k, padding=k // 2, bias=False)
        self.bn = nn.BatchNorm2d(cout)
        self.fused = None

    def fuse(self):
        if self.fused is not None:
            return
        std = (self.bn.running_var + self.bn.eps).sqrt()
        scale = self.bn.weight / std
        fused = nn.Conv2d(self.conv.in_channels, self.conv.out_channels, self.conv.kernel_size,
                          padding=self.conv.padding)
        with torch.no_grad():
            fused.weight.copy_(self.conv.weight * scale.reshape(-1, 1, 1, 1))
            fused.bias.copy_(self.bn.bias - self.bn.running_mean * scale)
        self.fused = fused

    def forward(self, x):
        return self.fused(x) if self.fused is not None else self.bn(self.conv(x))


class RepBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.branch3 = ConvBN(channels, channels, 3)
        self.branch1 = ConvBN(channels, channels, 1)
        self.merged = None

    def reparameterize(self):
        self.branch3.fuse()
        self.branch1.fuse()
        merged = nn.Conv2d(self.branch3.fused.in_channels, self.branch3.fused.out_channels, 3, padding=1)
        with torch.no_grad():
            merged.weight.copy_(self.branch3.fused.weight + F.pad(self.branch1.fused.weight, [1, 1, 1, 1]))
            merged.bias.copy_(self.branch3.fused.bias + self.branch1.fused.bias)
        self.merged = merged

    def forward(self, x):
        if self.merged is not None:
            return F.relu(self.merged(x))
        return F.relu(self.branch3(x) + self.branch1(x))


class RepNet(nn.Module):
    def __init__(self, channels=8, depth=2, classes=4):
        super().__init__()
        self.stem = ConvBN(3, channels, 3)
        self.blocks = nn.Sequential(*[RepBlock(channels) for _ in range(depth)])
        self.head = nn.Linear(channels, classes)

    def forward(self, x):
        return self.head(self.blocks(F.relu(self.stem(x))).mean(dim=(2, 3)))
