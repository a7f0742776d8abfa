"""Cascade-style box refinement head trained on jittered proposals, evaluated COCO-style every epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from cocoeval import CocoStyleEvaluator

NUM_CLASSES = 3


class RefineHead(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(4, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.delta, self.cls = nn.Linear(hidden, 4), nn.Linear(hidden, NUM_CLASSES)

    def forward(self, proposals):
        h = self.mlp(proposals / 64.0)
        return proposals + 8.0 * self.delta(h), self.cls(h)


def sample_image(n_obj=4):
    xy, wh = torch.rand(n_obj, 2) * 70, 6 + torch.rand(n_obj, 2) * 50
    boxes = torch.cat([xy, xy + wh], 1)
    labels = (wh.prod(1) > 900).long() + (wh.prod(1) > 1800).long()
    return boxes + torch.randn_like(boxes) * 3.0, {"boxes": boxes, "labels": labels}


def main():
    torch.manual_seed(0)
    head = RefineHead()
    opt = torch.optim.Adam(head.parameters(), lr=1e-3)
    for epoch in range(3):
        for _ in range(20):
            proposals, tgt = sample_image()
            boxes, logits = head(proposals)
            loss = F.smooth_l1_loss(boxes / 8.0, tgt["boxes"] / 8.0) + F.cross_entropy(logits, tgt["labels"])
            opt.zero_grad()
            loss.backward()
            opt.step()
        evaluator = CocoStyleEvaluator(NUM_CLASSES)
        with torch.no_grad():
            for _ in range(8):
                proposals, tgt = sample_image()
                boxes, logits = head(proposals)
                scores, labels = logits.softmax(-1).max(-1)
                evaluator.update([dict(boxes=boxes, scores=scores, labels=labels)], [tgt])
        evaluator.accumulate()
        stats = " ".join(f"{k}={v:.3f}" for k, v in evaluator.summarize().items())
        print(f"epoch {epoch} loss={loss.item():.3f} {stats}")


if __name__ == "__main__":
    main()
