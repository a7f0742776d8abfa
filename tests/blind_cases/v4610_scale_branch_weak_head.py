"""FCOS/ATSS-style shared box head with per-level learnable scales and stride normalisation."""
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F

HEAD_CFG = {"strides": (4, 8, 16), "in_ch": 16, "norm_on_bbox": True}


class LevelScale(nn.Module):
    """Per-level scale branch; reads shared options from the head it belongs to."""

    def __init__(self, head, stride, init=1.0):
        super().__init__()
        self.stride = stride
        self.scale = nn.Parameter(torch.tensor(float(init)))
        self._head = weakref.ref(head)

    @property
    def head(self):
        head = self._head()
        if head is None:
            raise RuntimeError("LevelScale used after its head was released")
        return head

    def forward(self, reg):
        reg = reg * self.scale
        if self.head.norm_on_bbox:
            return F.relu(reg) * self.stride
        return reg.exp()


class SharedBoxHead(nn.Module):
    def __init__(self, in_ch, strides, norm_on_bbox=True):
        super().__init__()
        self.norm_on_bbox = norm_on_bbox
        self.tower = nn.Sequential(nn.Conv2d(in_ch, in_ch, 3, padding=1), nn.ReLU())
        self.reg = nn.Conv2d(in_ch, 4, 3, padding=1)
        self.scales = nn.ModuleList([LevelScale(self, s) for s in strides])

    def forward(self, feats):
        return [scale(self.reg(self.tower(f))) for f, scale in zip(feats, self.scales)]


class PyramidStem(nn.Module):
    def __init__(self, in_ch, levels):
        super().__init__()
        self.first = nn.Conv2d(3, in_ch, 3, stride=4, padding=1)
        self.downs = nn.ModuleList([nn.Conv2d(in_ch, in_ch, 3, stride=2, padding=1) for _ in range(levels - 1)])

    def forward(self, x):
        feats = [F.relu(self.first(x))]
        for down in self.downs:
            feats.append(F.relu(down(feats[-1])))
        return feats


def train(cfg, steps=3):
    stem = PyramidStem(cfg["in_ch"], len(cfg["strides"]))
    head = SharedBoxHead(**cfg)
    params = list(stem.parameters()) + list(head.parameters())
    opt = torch.optim.SGD(params, lr=0.01)
    for _ in range(steps):
        images = torch.randn(2, 3, 64, 64)
        preds = head(stem(images))
        loss = sum(F.smooth_l1_loss(p, torch.full_like(p, 8.0)) for p in preds)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return float(loss)


def main():
    for norm in (True, False):
        train(dict(HEAD_CFG, norm_on_bbox=norm))


if __name__ == "__main__":
    main()
