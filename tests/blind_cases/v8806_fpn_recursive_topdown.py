"""Feature pyramid network over a three-stage CNN, trained for dense (semantic) prediction."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"stage_channels": (8, 16, 32), "fpn_channels": 16, "num_classes": 4,
       "image_size": 32, "batch_size": 4, "epochs": 2, "steps": 3}


class Backbone(nn.Module):
    def __init__(self, channels):
        super().__init__()
        stages, in_ch = [], 3
        for out_ch in channels:
            stages.append(nn.Sequential(nn.Conv2d(in_ch, out_ch, 3, stride=2, padding=1),
                                        nn.BatchNorm2d(out_ch), nn.ReLU()))
            in_ch = out_ch
        self.stages = nn.ModuleList(stages)

    def forward(self, x):
        feats = []
        for stage in self.stages:
            x = stage(x)
            feats.append(x)
        return feats


class FPN(nn.Module):
    def __init__(self, in_channels, out_channels, upsample_mode="nearest"):
        super().__init__()
        self.upsample_mode = upsample_mode
        self.lateral = nn.ModuleList(nn.Conv2d(c, out_channels, 1) for c in in_channels)
        self.smooth = nn.ModuleList(nn.Conv2d(out_channels, out_channels, 3, padding=1) for _ in in_channels)

    def forward(self, feats):
        laterals = [conv(f) for conv, f in zip(self.lateral, feats)]
        top = len(laterals) - 1

        def merge(level):  # cycle
            if level == top:
                return [laterals[top]]
            coarser = merge(level + 1)
            up = F.interpolate(coarser[0], size=laterals[level].shape[-2:], mode=self.upsample_mode)
            return [laterals[level] + up] + coarser

        return [smooth(p) for smooth, p in zip(self.smooth, merge(0))]


class SegModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.backbone = Backbone(cfg["stage_channels"])
        self.neck = FPN(cfg["stage_channels"], cfg["fpn_channels"])
        self.head = nn.Conv2d(cfg["fpn_channels"], cfg["num_classes"], 1)

    def forward(self, images):
        pyramid = self.neck(self.backbone(images))
        fused = sum(F.interpolate(p, size=pyramid[0].shape[-2:], mode="bilinear", align_corners=False)
                    for p in pyramid)
        return F.interpolate(self.head(fused), size=images.shape[-2:], mode="bilinear", align_corners=False)


def main():
    torch.manual_seed(0)
    model = SegModel(CFG)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    for epoch in range(CFG["epochs"]):
        for _ in range(CFG["steps"]):
            images = torch.rand(CFG["batch_size"], 3, CFG["image_size"], CFG["image_size"])
            masks = torch.randint(0, CFG["num_classes"], (CFG["batch_size"], CFG["image_size"], CFG["image_size"]))
            loss = F.cross_entropy(model(images), masks)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
