"""Box coding and suppression helpers shared by the detection heads."""
import math

import torch

BBOX_XFORM_CLIP = math.log(1000.0 / 16)


def _centers(b):
    w, h = b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]
    return b[:, 0] + 0.5 * w, b[:, 1] + 0.5 * h, w, h


def encode(anchors, gt):
    ax, ay, aw, ah = _centers(anchors)
    gx, gy, gw, gh = _centers(gt)
    return torch.stack([(gx - ax) / aw, (gy - ay) / ah, torch.log(gw / aw), torch.log(gh / ah)], dim=1)


def decode(anchors, deltas):
    ax, ay, aw, ah = _centers(anchors)
    cx, cy = deltas[:, 0] * aw + ax, deltas[:, 1] * ah + ay
    w = torch.exp(deltas[:, 2].clamp(max=BBOX_XFORM_CLIP)) * aw
    h = torch.exp(deltas[:, 3].clamp(max=BBOX_XFORM_CLIP)) * ah
    return torch.stack([cx - 0.5 * w, cy - 0.5 * h, cx + 0.5 * w, cy + 0.5 * h], dim=1)


def box_iou(a, b):
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    wh = (torch.min(a[:, None, 2:], b[None, :, 2:]) - torch.max(a[:, None, :2], b[None, :, :2])).clamp(min=0)
    inter = wh[..., 0] * wh[..., 1]
    return inter / (area_a[:, None] + area_b[None, :] - inter).clamp(min=1e-6)


def batched_nms(boxes, scores, labels, iou_threshold):
    """Greedy NMS per class, using the coordinate-offset trick."""
    if boxes.numel() == 0:
        return torch.zeros(0, dtype=torch.long)
    boxes = boxes + (labels.to(boxes) * (boxes.max() + 1))[:, None]
    order, keep = scores.argsort(descending=True), []
    while order.numel() > 0:
        keep.append(order[0])
        ious = box_iou(boxes[order[0]].unsqueeze(0), boxes[order[1:]]).squeeze(0)
        order = order[1:][ious <= iou_threshold]
    return torch.stack(keep)
