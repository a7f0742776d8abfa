"""Post-processing for dense detectors: score threshold, top-k and class-aware NMS."""
from dataclasses import dataclass, field
from typing import Callable, Optional

import torch


def box_iou(a, b):
    area_a = (a[:, 2] - a[:, 0]).clamp(min=0) * (a[:, 3] - a[:, 1]).clamp(min=0)
    area_b = (b[:, 2] - b[:, 0]).clamp(min=0) * (b[:, 3] - b[:, 1]).clamp(min=0)
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(-1)
    return inter / (area_a[:, None] + area_b[None, :] - inter + 1e-6)


def nms(boxes, scores, iou_thr):
    order = scores.argsort(descending=True)
    keep = []
    while order.numel() > 0:
        i = order[0]
        keep.append(int(i))
        if order.numel() == 1:
            break
        ious = box_iou(boxes[i:i + 1], boxes[order[1:]])[0]
        order = order[1:][ious <= iou_thr]
    return torch.as_tensor(keep, dtype=torch.long)


@dataclass
class PostProcessConfig:
    score_thr: float = 0.05
    iou_thr: float = 0.5
    max_det: int = 50
    decode_fn: Optional[Callable] = None
    extra: dict = field(default_factory=dict)


class PostProcessor:
    def __init__(self, cfg: PostProcessConfig):
        self.cfg = cfg  # cycle

    @torch.no_grad()
    def __call__(self, cls_logits, box_deltas, anchors):
        results = []
        for logits, deltas in zip(cls_logits, box_deltas):
            boxes = self.cfg.decode_fn(deltas, anchors)
            scores, labels = logits.sigmoid().max(dim=-1)
            mask = scores > self.cfg.score_thr
            boxes, scores, labels = boxes[mask], scores[mask], labels[mask]
            offset = labels[:, None].float() * 4096.0
            keep = nms(boxes + offset, scores, self.cfg.iou_thr)[: self.cfg.max_det]
            results.append({"boxes": boxes[keep], "scores": scores[keep], "labels": labels[keep]})
        return results
