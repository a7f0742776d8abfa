"""RetinaNet-style single-stage detector over two pyramid levels."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import boxops


def grid_anchors(h, w, stride, sizes):
    ys, xs = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
    cx = (xs.reshape(-1).float() + 0.5) * stride
    cy = (ys.reshape(-1).float() + 0.5) * stride
    per_size = [torch.stack([cx - s / 2, cy - s / 2, cx + s / 2, cy + s / 2], dim=1) for s in sizes]
    return torch.stack(per_size, dim=1).reshape(-1, 4)


class TinyRetina(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        c, k = cfg["channels"], cfg["num_classes"]
        a = len(cfg["anchor_sizes"])
        self.stem = nn.Sequential(nn.Conv2d(3, c, 3, 2, 1), nn.ReLU(),
                                  nn.Conv2d(c, c, 3, 2, 1), nn.ReLU())
        self.down = nn.Conv2d(c, c, 3, 2, 1)
        self.cls_head = nn.Conv2d(c, a * k, 3, 1, 1)
        self.box_head = nn.Conv2d(c, a * 4, 3, 1, 1)
        nn.init.constant_(self.cls_head.bias, -2.0)
        self.predict = torch.no_grad()(self._predict)  # cycle

    def forward(self, images):
        p3 = self.stem(images)
        p4 = self.down(F.relu(p3))
        cls_out, box_out, anchors = [], [], []
        for feat, stride in zip((p3, p4), self.cfg["strides"]):
            n, _, h, w = feat.shape
            cls_out.append(self.cls_head(feat).permute(0, 2, 3, 1).reshape(n, -1, self.cfg["num_classes"]))
            box_out.append(self.box_head(feat).permute(0, 2, 3, 1).reshape(n, -1, 4))
            anchors.append(grid_anchors(h, w, stride, self.cfg["anchor_sizes"]))
        return torch.cat(cls_out, 1), torch.cat(box_out, 1), torch.cat(anchors, 0)

    def loss(self, images, targets):
        cls, box, anchors = self(images)
        total = 0.0
        for i, tgt in enumerate(targets):
            best, idx = boxops.box_iou(anchors, tgt["boxes"]).max(dim=1)
            pos, valid = best >= 0.5, (best >= 0.5) | (best < 0.4)
            onehot = torch.zeros_like(cls[i])
            onehot[pos, tgt["labels"][idx[pos]]] = 1.0
            num_pos = max(1, int(pos.sum()))
            total = total + F.binary_cross_entropy_with_logits(cls[i][valid], onehot[valid], reduction="sum") / num_pos
            reg_t = boxops.encode(anchors[pos], tgt["boxes"][idx[pos]])
            total = total + F.smooth_l1_loss(box[i][pos], reg_t, beta=1 / 9, reduction="sum") / num_pos
        return total / len(targets)

    def _predict(self, images, score_thresh=0.05, iou_thresh=0.5, topk=100, max_dets=20):
        cls, box, anchors = self(images)
        results = []
        for i in range(images.shape[0]):
            scores, labels = cls[i].sigmoid().max(dim=1)
            scores, order = scores.topk(min(topk, scores.numel()))
            keep = scores > score_thresh
            order = order[keep]
            boxes = boxops.decode(anchors[order], box[i][order])
            k = boxops.batched_nms(boxes, scores[keep], labels[order], iou_thresh)[:max_dets]
            results.append({"boxes": boxes[k], "scores": scores[keep][k], "labels": labels[order][k]})
        return results
