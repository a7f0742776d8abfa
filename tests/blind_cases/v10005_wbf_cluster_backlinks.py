"""Anchor-free detector validated with flip TTA; the two views are merged by weighted boxes fusion."""
import torch
import torch.nn as nn
import torch.nn.functional as F

STRIDE, NUM_CLASSES, IMG = 8, 3, 64


class Candidate:
    def __init__(self, box, score, label, view):
        self.box, self.score, self.label, self.view = box, score, label, view
        self.cluster = None


class Cluster:
    def __init__(self, first):
        self.members = [first]  # cycle
        first.cluster = self  # cycle
        self.label = first.label
        self.fused = first.box.clone()

    def add(self, cand):
        self.members.append(cand)  # cycle
        cand.cluster = self  # cycle
        w = torch.tensor([m.score for m in self.members])
        self.fused = (w[:, None] * torch.stack([m.box for m in self.members])).sum(0) / w.sum()

    def confidence(self, n_views):
        return sum(m.score for m in self.members) / max(n_views, len(self.members))


def box_iou(a, b):
    wh = (torch.min(a[:, None, 2:], b[None, :, 2:]) - torch.max(a[:, None, :2], b[None, :, :2])).clamp(min=0)
    inter = wh[..., 0] * wh[..., 1]
    area = lambda x: (x[:, 2] - x[:, 0]) * (x[:, 3] - x[:, 1])
    return inter / (area(a)[:, None] + area(b)[None, :] - inter)


def weighted_boxes_fusion(views, iou_thr=0.55, skip_thr=0.05):
    cands = [Candidate(b, float(s), int(l), v) for v, (boxes, scores, labels) in enumerate(views)
             for b, s, l in zip(boxes, scores, labels) if s >= skip_thr]
    clusters = []
    for cand in sorted(cands, key=lambda c: -c.score):
        best, best_iou = None, iou_thr
        for cl in clusters:
            iou = float(box_iou(cl.fused[None], cand.box[None])) if cl.label == cand.label else 0.0
            if iou > best_iou:
                best, best_iou = cl, iou
        if best is None:
            clusters.append(Cluster(cand))
        else:
            best.add(cand)
    return clusters, cands


class PointHead(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, width, 3, 2, 1), nn.ReLU(), nn.Conv2d(width, width, 3, 2, 1), nn.ReLU(),
                                  nn.Conv2d(width, width, 3, 2, 1), nn.ReLU())
        self.out = nn.Conv2d(width, 1 + NUM_CLASSES + 4, 1)

    def forward(self, x):
        return self.out(self.body(x)).permute(0, 2, 3, 1)

    def decode(self, out, topk=10):
        n, h, w, _ = out.shape
        ys, xs = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
        centers = (torch.stack([xs, ys, xs, ys], -1).float() + 0.5) * STRIDE
        sign = torch.tensor([-1.0, -1.0, 1.0, 1.0])
        boxes = (centers + sign * out[..., 4:].exp() * STRIDE).reshape(n, -1, 4)
        scores = out[..., 0].sigmoid().reshape(n, -1)
        labels = out[..., 1:4].argmax(-1).reshape(n, -1)
        s, idx = scores.topk(topk, dim=1)
        return [(boxes[i, idx[i]], s[i], labels[i, idx[i]]) for i in range(n)]


def make_batch(n):
    images, cells = torch.randn(n, 3, IMG, IMG), []
    for i in range(n):
        cx, cy = (int(v) for v in torch.randint(1, IMG // STRIDE - 1, (2,)))
        ltrb = 4 + torch.rand(4) * 8
        images[i, :, cy * STRIDE - 4:cy * STRIDE + 4, cx * STRIDE - 4:cx * STRIDE + 4] += 2.0
        cells.append((i, cy, cx, int(torch.randint(0, NUM_CLASSES, ())), ltrb / STRIDE))
    return images, cells


def loss_fn(out, cells):
    obj_t = torch.zeros_like(out[..., 0])
    loss = 0.0
    for i, cy, cx, cls, ltrb in cells:
        obj_t[i, cy, cx] = 1.0
        loss = loss + F.cross_entropy(out[i, cy, cx, 1:4][None], torch.tensor([cls]))
        loss = loss + F.l1_loss(out[i, cy, cx, 4:].exp(), ltrb)
    return F.binary_cross_entropy_with_logits(out[..., 0], obj_t) + loss / len(cells)


def main():
    torch.manual_seed(0)
    model = PointHead()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for epoch in range(3):
        for _ in range(4):
            images, cells = make_batch(8)
            loss = loss_fn(model(images), cells)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            images, _ = make_batch(2)
            plain = model.decode(model(images))
            flipped = model.decode(model(images.flip(-1)))
        for (b0, s0, l0), (b1, s1, l1) in zip(plain, flipped):
            b1 = torch.stack([IMG - b1[:, 2], b1[:, 1], IMG - b1[:, 0], b1[:, 3]], 1)
            clusters, cands = weighted_boxes_fusion([(b0, s0, l0), (b1, s1, l1)])
            agree = sum(any(m.view == 1 for m in c.cluster.members) for c in cands if c.view == 0)
            top = max(cl.confidence(2) for cl in clusters) if clusters else 0.0
            print(f"epoch {epoch} loss={loss.item():.3f} clusters={len(clusters)} agree={agree} top={top:.3f}")


if __name__ == "__main__":
    main()
