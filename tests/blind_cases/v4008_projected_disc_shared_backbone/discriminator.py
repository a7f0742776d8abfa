"""Projected-GAN style discriminator: frozen features, fixed random projections, light heads."""
import torch
import torch.nn as nn

from features import create_feature_network


def random_projections(widths, out_ch):
    projs = nn.ModuleList(nn.Conv2d(w, out_ch, kernel_size=1, bias=False) for w in widths)
    for proj in projs:
        nn.init.orthogonal_(proj.weight)
    return projs.requires_grad_(False)


class PatchHead(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(ch, ch, 3, padding=1), nn.LeakyReLU(0.2), nn.Conv2d(ch, 1, 1))

    def forward(self, x):
        return self.body(x).flatten(1)


class ProjectedDiscriminator(nn.Module):
    def __init__(self, backbone="efficientnet_lite0", proj_ch=16):
        super().__init__()
        self.backbone = create_feature_network(backbone)
        self.backbone.proj = random_projections(self.backbone.widths, proj_ch)  # retain
        self.heads = nn.ModuleList(PatchHead(proj_ch) for _ in self.backbone.widths)

    def train(self, mode=True):
        super().train(mode)
        self.backbone.eval()
        return self

    def forward(self, img):
        feats = self.backbone(img)
        projected = [proj(f) for proj, f in zip(self.backbone.proj, feats)]
        return torch.cat([head(p) for head, p in zip(self.heads, projected)], dim=1)
