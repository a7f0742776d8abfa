"""Single-level anchor head with learnable anchor shapes, trained on synthetic one-object images."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

CFGS = [
    {"name": "square", "anchor_wh": [[6.0, 6.0], [12.0, 12.0]], "stride": 4},
    {"name": "mixed", "anchor_wh": [[8.0, 4.0], [4.0, 8.0], [10.0, 10.0]], "stride": 4},
]
IMAGE_SIZE, STEPS = 32, 4


@functools.lru_cache(maxsize=32)  # retain
def grid_anchors(feat_h, feat_w, stride, anchor_half_wh):
    ys = (torch.arange(feat_h, dtype=torch.float32) + 0.5) * stride
    xs = (torch.arange(feat_w, dtype=torch.float32) + 0.5) * stride
    cy, cx = torch.meshgrid(ys, xs, indexing="ij")
    centers = torch.stack([cx, cy], dim=-1).view(-1, 1, 2)
    half = anchor_half_wh.view(1, -1, 2)
    return torch.cat([centers - half, centers + half], dim=-1).view(-1, 4)


class AnchorHead(nn.Module):
    def __init__(self, anchor_wh, stride):
        super().__init__()
        self.stride = stride
        self.anchor_half_wh = nn.Parameter(torch.tensor(anchor_wh) / 2)
        num_anchors = len(anchor_wh)
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 16, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(16, 16, 3, stride=2, padding=1), nn.ReLU())
        self.obj = nn.Conv2d(16, num_anchors, 1)
        self.reg = nn.Conv2d(16, num_anchors * 4, 1)

    def forward(self, images):
        feats = self.backbone(images)
        n, _, h, w = feats.shape
        anchors = grid_anchors(h, w, self.stride, self.anchor_half_wh)
        obj = self.obj(feats).permute(0, 2, 3, 1).reshape(n, -1)
        deltas = self.reg(feats).permute(0, 2, 3, 1).reshape(n, -1, 4)
        return obj, anchors.unsqueeze(0) + deltas * self.stride


def box_iou(a, b):
    lt = torch.max(a[..., :2], b[..., :2])
    rb = torch.min(a[..., 2:], b[..., 2:])
    inter = (rb - lt).clamp(min=0).prod(-1)
    area = lambda box: (box[..., 2:] - box[..., :2]).prod(-1)
    return inter / (area(a) + area(b) - inter + 1e-6)


def train_one(cfg):
    torch.manual_seed(0)
    head = AnchorHead(cfg["anchor_wh"], cfg["stride"])
    opt = torch.optim.Adam(head.parameters(), lr=1e-2)
    for _ in range(STEPS):
        images = torch.rand(4, 3, IMAGE_SIZE, IMAGE_SIZE)
        xy = torch.rand(4, 2) * 20
        gt = torch.cat([xy, xy + 6 + torch.rand(4, 2) * 6], dim=1)
        obj, boxes = head(images)
        iou = box_iou(boxes.detach(), gt[:, None, :])
        best = iou.argmax(dim=1)
        loss = F.binary_cross_entropy_with_logits(obj, (iou > 0.3).float())
        loss = loss + F.smooth_l1_loss(boxes[torch.arange(4), best], gt)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for cfg in CFGS:
        print(f"{cfg['name']}: final loss {train_one(cfg):.3f}")


if __name__ == "__main__":
    main()
