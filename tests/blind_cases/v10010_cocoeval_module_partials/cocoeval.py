"""COCO-style bbox evaluation: per-image greedy matching, accumulation, summary table."""
import functools
from dataclasses import dataclass, field

import torch

AREA_RANGES = {"all": (0.0, 1e10), "small": (0.0, 16.0 ** 2),
               "medium": (16.0 ** 2, 48.0 ** 2), "large": (48.0 ** 2, 1e10)}
SUMMARY_SPEC = (("AP", None, "all"), ("AP50", 0.5, "all"), ("AP75", 0.75, "all"),
                ("APs", None, "small"), ("APm", None, "medium"), ("APl", None, "large"))


@dataclass
class EvalParams:
    iou_thrs: tuple = tuple(round(0.5 + 0.05 * i, 2) for i in range(10))
    rec_thrs: torch.Tensor = field(default_factory=lambda: torch.linspace(0, 1, 101))
    max_dets: int = 100
    area_rng: dict = field(default_factory=AREA_RANGES.copy)


def box_iou(a, b):
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    wh = (torch.min(a[:, None, 2:], b[None, :, 2:]) - torch.max(a[:, None, :2], b[None, :, :2])).clamp(min=0)
    inter = wh[..., 0] * wh[..., 1]
    return inter / (area_a[:, None] + area_b[None, :] - inter)


def _area(boxes):
    return (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])


def summarize_precision(precision, params, iou=None, area="all"):
    p = precision[..., list(params.area_rng).index(area)]
    p = p if iou is None else p[params.iou_thrs.index(iou)]
    p = p[p > -1]
    return float(p.mean()) if p.numel() else -1.0


class CocoStyleEvaluator:
    def __init__(self, num_classes, params=None):
        self.num_classes = num_classes
        self.params = params or EvalParams()
        self.records = {(a, c): [] for a in self.params.area_rng for c in range(num_classes)}
        self.num_gt = {key: 0 for key in self.records}
        self.precision = None
        self._summaries = []
        for name, iou, area in SUMMARY_SPEC:
            fn = functools.partial(summarize_precision, params=self.params, iou=iou, area=area)
            self._summaries.append((name, fn))

    def _match(self, det_boxes, gt_boxes):
        tp = torch.zeros(len(self.params.iou_thrs), len(det_boxes), dtype=torch.bool)
        if len(det_boxes) == 0 or len(gt_boxes) == 0:
            return tp
        ious = box_iou(det_boxes, gt_boxes)
        for t, thr in enumerate(self.params.iou_thrs):
            taken = torch.zeros(len(gt_boxes), dtype=torch.bool)
            for d in range(len(det_boxes)):
                best, g = ious[d].masked_fill(taken, -1.0).max(dim=0)
                if best >= thr:
                    taken[g] = tp[t, d] = True
        return tp

    def update(self, detections, targets):
        for det, tgt in zip(detections, targets):
            for (area, c), rows in self.records.items():
                lo, hi = self.params.area_rng[area]
                g = tgt["boxes"][(tgt["labels"] == c) & (_area(tgt["boxes"]) >= lo) & (_area(tgt["boxes"]) < hi)]
                dm = (det["labels"] == c) & (_area(det["boxes"]) >= lo) & (_area(det["boxes"]) < hi)
                scores, order = det["scores"][dm].sort(descending=True)
                order = order[: self.params.max_dets]
                rows.append((scores[: self.params.max_dets], self._match(det["boxes"][dm][order], g)))
                self.num_gt[(area, c)] += len(g)

    def accumulate(self):
        areas = list(self.params.area_rng)
        t_n, r_n = len(self.params.iou_thrs), len(self.params.rec_thrs)
        self.precision = -torch.ones(t_n, r_n, self.num_classes, len(areas))
        for (area, c), rows in self.records.items():
            if self.num_gt[(area, c)] == 0:
                continue
            scores = torch.cat([s for s, _ in rows])
            tps = torch.cat([m for _, m in rows], dim=1)[:, scores.argsort(descending=True)].float()
            tp_sum, fp_sum = tps.cumsum(1), (1 - tps).cumsum(1)
            recall = tp_sum / self.num_gt[(area, c)]
            prec = (tp_sum / (tp_sum + fp_sum).clamp(min=1e-9)).flip(1).cummax(1).values.flip(1)
            out = torch.zeros(t_n, r_n)
            for t in range(t_n):
                idx = torch.searchsorted(recall[t].contiguous(), self.params.rec_thrs)
                out[t, idx < recall.shape[1]] = prec[t, idx[idx < recall.shape[1]]]
            self.precision[:, :, c, areas.index(area)] = out

    def summarize(self):
        self.stats = {name: fn(self.precision) for name, fn in self._summaries}
        return self.stats
