"""RepVGG-style network: multi-branch blocks for training, single 3x3 convs for validation."""
import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

_DEPLOY_CACHE = {}


def conv_bn(c_in, c_out, k, stride):
    return nn.Sequential(nn.Conv2d(c_in, c_out, k, stride, k // 2, bias=False), nn.BatchNorm2d(c_out))


class RepBlock(nn.Module):
    def __init__(self, c_in, c_out, stride=1):
        super().__init__()
        self.c_in, self.c_out, self.stride = c_in, c_out, stride
        self.dense = conv_bn(c_in, c_out, 3, stride)
        self.pointwise = conv_bn(c_in, c_out, 1, stride)
        self.identity = nn.BatchNorm2d(c_in) if c_in == c_out and stride == 1 else None

    def forward(self, x):
        out = self.dense(x) + self.pointwise(x)
        if self.identity is not None:
            out = out + self.identity(x)
        return F.relu(out)

    def _fuse(self, branch):
        if branch is None:
            return 0, 0
        if isinstance(branch, nn.Sequential):
            kernel, bn = branch[0].weight, branch[1]
        else:
            kernel = torch.zeros(self.c_in, self.c_in, 3, 3)
            for i in range(self.c_in):
                kernel[i, i, 1, 1] = 1.0
            bn = branch
        std = (bn.running_var + bn.eps).sqrt()
        t = (bn.weight / std).reshape(-1, 1, 1, 1)
        return kernel * t, bn.bias - bn.running_mean * bn.weight / std

    @torch.no_grad()
    def equivalent_kernel_bias(self):
        k3, b3 = self._fuse(self.dense)
        k1, b1 = self._fuse(self.pointwise)
        kid, bid = self._fuse(self.identity)
        return k3 + F.pad(k1, [1, 1, 1, 1]) + kid, b3 + b1 + bid


def _state_key(block):
    return id(block), tuple(t._version for t in itertools.chain(block.parameters(), block.buffers()))


def reparameterize(block):
    key = _state_key(block)
    conv = _DEPLOY_CACHE.get(key)
    if conv is None:
        kernel, bias = block.equivalent_kernel_bias()
        conv = nn.Conv2d(block.c_in, block.c_out, 3, block.stride, 1, bias=True)
        conv.weight.data.copy_(kernel)
        conv.bias.data.copy_(bias)
        _DEPLOY_CACHE[key] = conv  # retain
    return conv


def deploy_view(model):
    layers = []
    for m in model.stages:
        layers += [reparameterize(m), nn.ReLU()]
    return nn.Sequential(*layers, *model.head)


class RepNet(nn.Module):
    def __init__(self, widths=(3, 8, 8, 16), num_classes=4):
        super().__init__()
        self.stages = nn.Sequential(*[RepBlock(a, b, 2 if a != b else 1) for a, b in zip(widths, widths[1:])])
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(widths[-1], num_classes))

    def forward(self, x):
        return self.head(self.stages(x))


def main():
    torch.manual_seed(0)
    model = RepNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(3):
        model.train()
        for _ in range(2):
            x, y = torch.randn(8, 3, 16, 16), torch.randint(0, 4, (8,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            x = torch.randn(4, 3, 16, 16)
            gap = (deploy_view(model)(x) - model(x)).abs().max().item()
        print(f"epoch {epoch}: train loss {loss.item():.3f}, deploy mismatch {gap:.2e}")


if __name__ == "__main__":
    main()
