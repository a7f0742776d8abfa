"""Single-stage detector whose evaluation path decodes and filters predictions."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from postprocess import PostProcessConfig, PostProcessor

TEST_CFG = {"score_thr": 0.3, "iou_thr": 0.6, "max_det": 20}


def make_anchors(stride, size, scale=2.0):
    ys, xs = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    cx, cy = (xs.flatten() + 0.5) * stride, (ys.flatten() + 0.5) * stride
    half = stride * scale / 2
    return torch.stack([cx - half, cy - half, cx + half, cy + half], dim=1)


class DenseDetector(nn.Module):
    def __init__(self, num_classes=4, test_cfg=None):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, stride=4, padding=1), nn.ReLU())
        self.cls_head = nn.Conv2d(16, num_classes, 3, padding=1)
        self.reg_head = nn.Conv2d(16, 4, 3, padding=1)
        self.num_classes = num_classes
        self.bbox_clip = 4.0
        cfg = PostProcessConfig(decode_fn=self.decode_boxes, **(test_cfg or {}))  # cycle
        self.postprocess = PostProcessor(cfg)  # cycle

    def decode_boxes(self, deltas, anchors):
        wh = anchors[:, 2:] - anchors[:, :2]
        ctr = anchors[:, :2] + 0.5 * wh
        d = deltas.clamp(-self.bbox_clip, self.bbox_clip)
        new_ctr = ctr + d[:, :2] * wh
        new_wh = wh * d[:, 2:].exp()
        return torch.cat([new_ctr - 0.5 * new_wh, new_ctr + 0.5 * new_wh], dim=1)

    def forward(self, images):
        feat = self.stem(images)
        n = feat.shape[0]
        cls = self.cls_head(feat).permute(0, 2, 3, 1).reshape(n, -1, self.num_classes)
        reg = self.reg_head(feat).permute(0, 2, 3, 1).reshape(n, -1, 4)
        return cls, reg


def main():
    anchors = make_anchors(stride=4, size=8)
    for run in range(2):
        det = DenseDetector(test_cfg=TEST_CFG)
        opt = torch.optim.SGD(det.parameters(), lr=0.01)
        for step in range(3):
            images = torch.randn(2, 3, 32, 32)
            cls, reg = det(images)
            targets = torch.zeros_like(cls)
            targets[:, ::7, step % 4] = 1.0
            loss = F.binary_cross_entropy_with_logits(cls, targets) + reg.pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        det.eval()
        dets = det.postprocess(*det(torch.randn(2, 3, 32, 32)), anchors)
        _ = sum(len(d["boxes"]) for d in dets)


if __name__ == "__main__":
    main()
