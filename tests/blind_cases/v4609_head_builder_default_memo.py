"""Mixed-resolution segmentation: a high-res and a low-res branch built from a head registry."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Registry(dict):
    def register(self, name):
        def deco(cls):
            self[name] = cls
            return cls
        return deco


HEADS = Registry()


@HEADS.register("fcn")
class FCNHead(nn.Module):
    def __init__(self, in_ch, num_classes, mid=16):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(in_ch, mid, 3, padding=1), nn.BatchNorm2d(mid), nn.ReLU())
        self.cls = nn.Conv2d(mid, num_classes, 1)

    def forward(self, x):
        return self.cls(self.conv(x))


@HEADS.register("linear")
class LinearHead(nn.Module):
    def __init__(self, in_ch, num_classes):
        super().__init__()
        self.cls = nn.Conv2d(in_ch, num_classes, 1)

    def forward(self, x):
        return self.cls(x)


def build_head(cfg, in_ch, _built={}):
    """Build (or reuse) the head described by cfg so parallel branches share weights."""
    key = (cfg["type"], in_ch, cfg["num_classes"])
    head = _built.get(key)
    if head is None:
        kwargs = {k: v for k, v in cfg.items() if k != "type"}
        head = HEADS[cfg["type"]](in_ch, **kwargs)
        _built[key] = head  # retain
    return head


class MixedResSegmentor(nn.Module):
    def __init__(self, head_cfg, width=12):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv2d(3, width, 3, stride=2, padding=1), nn.ReLU(),
                                     nn.Conv2d(width, width, 3, padding=1), nn.ReLU())
        self.head_hr = build_head(head_cfg, width)
        self.head_lr = build_head(head_cfg, width)

    def forward(self, images):
        h, w = images.shape[-2:]
        hr = self.head_hr(self.encoder(images))
        lr = self.head_lr(self.encoder(F.avg_pool2d(images, 2)))
        up = lambda t: F.interpolate(t, size=(h, w), mode="bilinear", align_corners=False)
        return (up(hr) + up(lr)) / 2


def main():
    for head_type in ("fcn", "linear"):
        cfg = {"type": head_type, "num_classes": 4}
        model = MixedResSegmentor(cfg)
        opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
        for step in range(3):
            size = 32 if step % 2 == 0 else 48
            images = torch.randn(2, 3, size, size)
            masks = torch.randint(0, 4, (2, size, size))
            loss = F.cross_entropy(model(images), masks)
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
