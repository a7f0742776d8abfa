"""Feature pyramid with per-level lateral/output convs and a shared top-down merge policy."""
import torch
import torch.nn as nn
import torch.nn.functional as F

PYRAMID_CFG = {"in_channels": (8, 16, 32), "out_channels": 16, "upsample": "nearest"}


class PyramidLevel(nn.Module):
    """One pyramid level; reads the merge policy from the pyramid that owns it."""

    def __init__(self, index, in_ch, out_ch, pyramid):
        super().__init__()
        self.index = index
        self.lateral = nn.Conv2d(in_ch, out_ch, 1)
        self.output = nn.Conv2d(out_ch, out_ch, 3, padding=1)
        self._owner = (pyramid,)  # cycle

    @property
    def pyramid(self):
        return self._owner[0]

    def forward(self, feat, top_down=None):
        lat = self.lateral(feat)
        if top_down is not None:
            lat = lat + F.interpolate(top_down, size=lat.shape[-2:], mode=self.pyramid.upsample)
        return lat, self.output(lat)


class FeaturePyramid(nn.Module):
    def __init__(self, in_channels, out_channels, upsample="nearest"):
        super().__init__()
        self.upsample = upsample
        self.levels = nn.ModuleList(  # cycle
            [PyramidLevel(i, c, out_channels, self) for i, c in enumerate(in_channels)]
        )

    def forward(self, feats):
        outs, top = [], None
        for level, feat in zip(reversed(self.levels), reversed(feats)):
            top, out = level(feat, top)
            outs.append(out)
        return outs[::-1]


class TinyBackbone(nn.Module):
    def __init__(self, chans=(8, 16, 32)):
        super().__init__()
        stages, prev = [], 3
        for c in chans:
            stages.append(nn.Sequential(nn.Conv2d(prev, c, 3, stride=2, padding=1), nn.ReLU()))
            prev = c
        self.stages = nn.ModuleList(stages)

    def forward(self, x):
        feats = []
        for stage in self.stages:
            x = stage(x)
            feats.append(x)
        return feats


class SegModel(nn.Module):
    def __init__(self, cfg, num_classes=3):
        super().__init__()
        self.backbone = TinyBackbone(cfg["in_channels"])
        self.neck = FeaturePyramid(**cfg)
        self.classifier = nn.Conv2d(cfg["out_channels"], num_classes, 1)

    def forward(self, x):
        p2 = self.neck(self.backbone(x))[0]
        return F.interpolate(self.classifier(p2), size=x.shape[-2:], mode="bilinear", align_corners=False)


def train_one_config(cfg, steps=3):
    model = SegModel(cfg)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for _ in range(steps):
        images = torch.randn(2, 3, 32, 32)
        masks = torch.randint(0, 3, (2, 32, 32))
        loss = F.cross_entropy(model(images), masks)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for mode in ("nearest", "bilinear"):
        cfg = dict(PYRAMID_CFG, upsample=mode)
        train_one_config(cfg)


if __name__ == "__main__":
    main()
