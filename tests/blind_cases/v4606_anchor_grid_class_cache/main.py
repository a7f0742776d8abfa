"""Two-level RPN-style objectness training with multi-scale input sizes."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

from anchors import AnchorGenerator

TRAIN_SIZES = (32, 40, 48, 56)


def pairwise_iou(a, b):
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(-1)
    area = lambda x: (x[:, 2:] - x[:, :2]).prod(-1)
    return inter / (area(a)[:, None] + area(b)[None] - inter)


class RPNLite(nn.Module):
    def __init__(self, num_anchors=3):
        super().__init__()
        self.c3 = nn.Sequential(nn.Conv2d(3, 16, 3, stride=8, padding=1), nn.ReLU())
        self.c4 = nn.Sequential(nn.Conv2d(16, 16, 3, stride=2, padding=1), nn.ReLU())
        self.objectness = nn.Conv2d(16, num_anchors, 1)
        self.anchor_gen = AnchorGenerator(strides=(8, 16), sizes=(16.0, 32.0))

    def forward(self, images):
        f3 = self.c3(images)
        f4 = self.c4(f3)
        feats = [f3, f4]
        grid = self.anchor_gen([f.shape[-2:] for f in feats])
        logits = torch.cat([self.objectness(f).permute(0, 2, 3, 1).reshape(f.shape[0], -1) for f in feats], 1)
        return logits, grid


def assign(grid, gt_boxes, pos_thr=0.5):
    return torch.stack([(pairwise_iou(grid.boxes, gt).max(1).values >= pos_thr).float() for gt in gt_boxes])


def main():
    rng = random.Random(0)
    for run in range(2):
        model = RPNLite()
        opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
        for step in range(4):
            size = rng.choice(TRAIN_SIZES)
            images = torch.randn(2, 3, size, size)
            xy = torch.rand(2, 2, 2) * (size - 16)
            gt = torch.cat([xy, xy + 16], dim=-1)
            logits, grid = model(images)
            loss = F.binary_cross_entropy_with_logits(logits, assign(grid, gt))
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
