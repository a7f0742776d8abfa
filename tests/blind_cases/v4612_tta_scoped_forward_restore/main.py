"""CenterNet-style keypoint heatmap training with scoped TTA evaluation."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from tta import ScaleFlipTTA

CFG = {"num_kpts": 2, "sigma": 2.0, "tta_scales": (0.75, 1.0), "folds": 2}


def gaussian_heatmaps(centers, size, sigma):
    ys, xs = torch.meshgrid(torch.arange(size).float(), torch.arange(size).float(), indexing="ij")
    d2 = (xs[None, None] - centers[..., 0, None, None]) ** 2 + (ys[None, None] - centers[..., 1, None, None]) ** 2
    return torch.exp(-d2 / (2 * sigma ** 2))


class HeatmapNet(nn.Module):
    def __init__(self, num_kpts):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(),
                                  nn.Conv2d(16, 16, 3, padding=1), nn.ReLU())
        self.out = nn.Conv2d(16, num_kpts, 1)

    def forward(self, x):
        return self.out(self.body(x))


def sample_batch(cfg, size=24, n=2):
    centers = torch.rand(n, cfg["num_kpts"], 2) * (size - 4) + 2
    return torch.rand(n, 3, size, size), centers


@torch.no_grad()
def keypoint_error(model, cfg):
    images, centers = sample_batch(cfg)
    heat = model(images)
    idx = heat.flatten(2).argmax(-1)
    pred = torch.stack([idx % heat.shape[-1], idx // heat.shape[-1]], -1).float()
    return (pred - centers).norm(dim=-1).mean().item()


def main():
    for fold in range(CFG["folds"]):
        model = HeatmapNet(CFG["num_kpts"])
        opt = torch.optim.Adam(model.parameters(), lr=1e-3)
        for _ in range(3):
            images, centers = sample_batch(CFG)
            target = gaussian_heatmaps(centers, images.shape[-1], CFG["sigma"])
            loss = F.mse_loss(model(images), target)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with ScaleFlipTTA(model, CFG["tta_scales"]) as tta_model:
            keypoint_error(tta_model, CFG)


if __name__ == "__main__":
    main()
