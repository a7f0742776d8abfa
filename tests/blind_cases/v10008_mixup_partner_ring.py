"""YOLOX-style MixUp: each sample is blended with a partner drawn from a small ring of
pre-scheduled partner loads (index and jitter scale fixed when the partner is queued)."""
import collections
import functools
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

IMG, STRIDE = 64, 8


class MixUpDetection(torch.utils.data.Dataset):
    def __init__(self, n, mixup_prob=0.8, scale=(0.5, 1.0), ring=6, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.images = torch.rand(n, 3, IMG, IMG, generator=g)
        xy = torch.rand(n, 2, generator=g) * (IMG - 24)
        self.boxes = torch.cat([torch.randint(0, 3, (n, 1), generator=g).float(), xy, xy + 16], 1)[:, None]
        self.mixup_prob, self.scale = mixup_prob, scale
        self.rng = random.Random(seed)
        self._partners = collections.deque(maxlen=ring)  # cycle

    def __len__(self):
        return len(self.images)

    def _load_raw(self, i, scale):
        img = F.interpolate(self.images[i][None], scale_factor=scale, mode="bilinear", align_corners=False)[0]
        boxes = self.boxes[i].clone()
        boxes[:, 1:] *= scale
        return img, boxes

    def _queue_partner(self):
        j = self.rng.randrange(len(self))
        self._partners.append(functools.partial(self._load_raw, j, self.rng.uniform(*self.scale)))  # cycle

    def __getitem__(self, i):
        img, boxes = self._load_raw(i, 1.0)
        if self._partners and self.rng.random() < self.mixup_prob:
            p_img, p_boxes = self._partners.popleft()()
            canvas = torch.full_like(img, 0.5)
            canvas[:, :p_img.shape[1], :p_img.shape[2]] = p_img
            img = 0.5 * img + 0.5 * canvas
            boxes = torch.cat([boxes, p_boxes])
        self._queue_partner()
        return img, boxes


def collate(batch):
    images, boxes = zip(*batch)
    return torch.stack(images), list(boxes)


class ObjectnessNet(nn.Module):
    def __init__(self, width=16, num_classes=3):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, width, 3, 2, 1), nn.ReLU(), nn.Conv2d(width, width, 3, 2, 1), nn.ReLU(),
                                  nn.Conv2d(width, width, 3, 2, 1), nn.ReLU(), nn.Conv2d(width, 1 + num_classes + 4, 1))

    def forward(self, x):
        return self.body(x).permute(0, 2, 3, 1)


def detection_loss(out, targets):
    obj_t = torch.zeros_like(out[..., 0])
    cls_l, box_l = 0.0, 0.0
    for i, t in enumerate(targets):
        centers = (t[:, 1:3] + t[:, 3:5]) / 2
        gx, gy = (centers / STRIDE).long().clamp(0, IMG // STRIDE - 1).unbind(1)
        obj_t[i, gy, gx] = 1.0
        cls_l = cls_l + F.cross_entropy(out[i, gy, gx, 1:4], t[:, 0].long())
        box_l = box_l + F.l1_loss(out[i, gy, gx, 4:], t[:, 1:] / IMG)
    return F.binary_cross_entropy_with_logits(out[..., 0], obj_t) + (cls_l + box_l) / len(targets)


def main():
    torch.manual_seed(0)
    dataset = MixUpDetection(24)
    loader = torch.utils.data.DataLoader(dataset, batch_size=6, shuffle=True, collate_fn=collate)
    model = ObjectnessNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
    for epoch in range(3):
        for images, targets in loader:
            loss = detection_loss(model(images), targets)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss={loss.item():.3f} queued_partners={len(dataset._partners)}")


if __name__ == "__main__":
    main()
