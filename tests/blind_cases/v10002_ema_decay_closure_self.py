"""CenterNet-style training with an exponential moving average of the detector weights.

The EMA decay ramps up with the number of updates; the ramp reads its base decay
from the EMA object so the trainer can tighten it for the final no-mosaic epochs.
"""
import copy
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

HYP = {"num_classes": 4, "width": 16, "ema_decay": 0.999, "ema_tau": 20, "close_mosaic": 1, "epochs": 3}


class CenterHead(nn.Module):
    def __init__(self, num_classes, width):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, width, 3, 2, 1), nn.BatchNorm2d(width), nn.ReLU(),
            nn.Conv2d(width, width, 3, 2, 1), nn.BatchNorm2d(width), nn.ReLU(),
        )
        self.heatmap = nn.Conv2d(width, num_classes, 1)
        self.size = nn.Conv2d(width, 2, 1)
        nn.init.constant_(self.heatmap.bias, -2.19)

    def forward(self, x):
        f = self.body(x)
        return self.heatmap(f), self.size(f)


class ModelEMA:
    def __init__(self, model, decay, tau, updates=0):
        self.module = copy.deepcopy(model).eval()
        self.updates = updates
        self.base_decay = decay
        self.tau = tau
        self.decay = lambda n: self.base_decay * (1 - math.exp(-n / self.tau))  # cycle
        for p in self.module.parameters():
            p.requires_grad_(False)

    @torch.no_grad()
    def update(self, model):
        self.updates += 1
        d = self.decay(self.updates)
        msd = model.state_dict()
        for k, v in self.module.state_dict().items():
            if v.dtype.is_floating_point:
                v.mul_(d).add_(msd[k].detach(), alpha=1 - d)


def focal_heatmap_loss(pred, gt, alpha=2.0, beta=4.0):
    pred = pred.sigmoid().clamp(1e-4, 1 - 1e-4)
    pos = gt.eq(1).float()
    pos_loss = torch.log(pred) * (1 - pred) ** alpha * pos
    neg_loss = torch.log(1 - pred) * pred ** alpha * (1 - gt) ** beta * (1 - pos)
    return -(pos_loss.sum() + neg_loss.sum()) / pos.sum().clamp(min=1)


def make_batch(n, num_classes, size=64, stride=4):
    images = torch.randn(n, 3, size, size)
    hm = torch.zeros(n, num_classes, size // stride, size // stride)
    wh = torch.zeros(n, 2, size // stride, size // stride)
    for i in range(n):
        cls = int(torch.randint(0, num_classes, ()))
        cx, cy = (int(v) for v in torch.randint(2, size // stride - 2, (2,)))
        hm[i, cls, cy - 1:cy + 2, cx - 1:cx + 2] = 0.5
        hm[i, cls, cy, cx] = 1.0
        wh[i, :, cy, cx] = torch.rand(2) * 4 + 1
    return images, hm, wh


def train(hyp, steps_per_epoch=3):
    model = CenterHead(hyp["num_classes"], hyp["width"])
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    ema = ModelEMA(model, hyp["ema_decay"], hyp["ema_tau"])
    for epoch in range(hyp["epochs"]):
        if epoch == hyp["epochs"] - hyp["close_mosaic"]:
            ema.base_decay = 0.9995
        model.train()
        for _ in range(steps_per_epoch):
            images, hm, wh = make_batch(4, hyp["num_classes"])
            hm_pred, wh_pred = model(images)
            mask = hm.eq(1).any(dim=1, keepdim=True).float()
            loss = focal_heatmap_loss(hm_pred, hm) + 0.1 * F.l1_loss(wh_pred * mask, wh, reduction="sum") / mask.sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
            ema.update(model)
        with torch.no_grad():
            images, hm, _ = make_batch(2, hyp["num_classes"])
            peak = ema.module(images)[0].sigmoid().amax().item()
        print(f"epoch {epoch}: loss={loss.item():.3f} ema_decay={ema.decay(ema.updates):.4f} peak={peak:.3f}")
    return ema


def main():
    for seed in (0, 1):
        torch.manual_seed(seed)
        train(HYP)


if __name__ == "__main__":
    main()
