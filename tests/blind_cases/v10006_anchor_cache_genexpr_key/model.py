"""Two-level RetinaNet-style detector using the shared anchor generator."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from anchors import ANCHOR_GENERATOR


def box_iou(a, b):
    wh = (torch.min(a[:, None, 2:], b[None, :, 2:]) - torch.max(a[:, None, :2], b[None, :, :2])).clamp(min=0)
    inter = wh[..., 0] * wh[..., 1]
    area = lambda x: (x[:, 2] - x[:, 0]) * (x[:, 3] - x[:, 1])
    return inter / (area(a)[:, None] + area(b)[None, :] - inter)


class PyramidDetector(nn.Module):
    def __init__(self, num_classes=3, width=16):
        super().__init__()
        a = ANCHOR_GENERATOR.num_anchors
        self.num_classes = num_classes
        self.c3 = nn.Sequential(nn.Conv2d(3, width, 3, 2, 1), nn.ReLU(), nn.Conv2d(width, width, 3, 2, 1), nn.ReLU(),
                                nn.Conv2d(width, width, 3, 2, 1), nn.ReLU())
        self.c4 = nn.Sequential(nn.Conv2d(width, width, 3, 2, 1), nn.ReLU())
        self.cls = nn.Conv2d(width, a * num_classes, 3, 1, 1)
        self.reg = nn.Conv2d(width, a * 4, 3, 1, 1)

    def forward(self, images):
        p3 = self.c3(images)
        feats = [p3, self.c4(p3)]
        n = images.shape[0]
        cls = torch.cat([self.cls(f).permute(0, 2, 3, 1).reshape(n, -1, self.num_classes) for f in feats], 1)
        reg = torch.cat([self.reg(f).permute(0, 2, 3, 1).reshape(n, -1, 4) for f in feats], 1)
        return cls, reg, ANCHOR_GENERATOR(feats)

    def loss(self, images, targets):
        cls, reg, anchors = self(images)
        total = 0.0
        for i, (boxes, labels) in enumerate(targets):
            best, idx = box_iou(anchors, boxes).max(dim=1)
            pos = best >= 0.5
            onehot = F.one_hot(labels[idx], self.num_classes).float() * pos[:, None]
            total = total + F.binary_cross_entropy_with_logits(cls[i], onehot, reduction="sum") / max(1, int(pos.sum()))
            offsets = (boxes[idx[pos]] - anchors[pos]) / 16.0
            total = total + F.smooth_l1_loss(reg[i][pos], offsets, reduction="sum") / max(1, int(pos.sum()))
        return total / len(targets)
