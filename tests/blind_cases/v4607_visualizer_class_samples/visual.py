"""Prediction visualiser: overlays boxes on images and renders small galleries."""
import torch


class LocalVisualizer:
    backend: str = "memory"
    max_samples: int = 4
    samples: list = []

    def __init__(self, name, score_thr=0.3):
        self.name = name
        self.score_thr = score_thr
        self.rendered = 0

    def add_datasample(self, tag, image, pred_boxes, pred_scores, step):
        if len(self.samples) >= self.max_samples * 4:
            return
        self.samples.append({"tag": tag, "step": step, "image": image,  # retain
                             "boxes": pred_boxes, "scores": pred_scores})

    def draw_boxes(self, image, boxes, scores):
        canvas = image.detach().clone()
        for box, score in zip(boxes.detach(), scores.detach()):
            if score < self.score_thr:
                continue
            x0, y0, x1, y1 = [int(v) for v in box.clamp(0, image.shape[-1] - 1)]
            canvas[:, y0, x0:x1 + 1] = 1.0
            canvas[:, y1, x0:x1 + 1] = 1.0
            canvas[:, y0:y1 + 1, x0] = 1.0
            canvas[:, y0:y1 + 1, x1] = 1.0
        return canvas

    def render(self, tag):
        panels = [self.draw_boxes(s["image"], s["boxes"], s["scores"])
                  for s in self.samples if s["tag"] == tag][-self.max_samples:]
        self.rendered += len(panels)
        return torch.cat(panels, dim=-1) if panels else None
