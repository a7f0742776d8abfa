"""Train a tiny keypoint heatmap net, then localise keypoints on validation images with TTA."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from tta import build_tta

CFG = {"steps": 5, "lr": 0.02, "val_batches": 3, "size": 16,
       "tta": {"max_px": 2, "n_translations": 3, "seed": 0}}


def gaussian_heatmap(size, cy, cx, sigma=1.5):
    ys = torch.arange(size).view(-1, 1).float()
    xs = torch.arange(size).view(1, -1).float()
    return torch.exp(-((ys - cy) ** 2 + (xs - cx) ** 2) / (2 * sigma ** 2))


def synthetic_batch(g, n=4, size=16):
    images = torch.rand(n, 1, size, size, generator=g) * 0.2
    targets = torch.zeros(n, 1, size, size)
    coords = torch.randint(3, size - 3, (n, 2), generator=g)
    for i, (cy, cx) in enumerate(coords.tolist()):
        images[i, 0, cy - 1:cy + 2, cx - 1:cx + 2] += 0.8
        targets[i, 0] = gaussian_heatmap(size, cy, cx)
    return images, targets, coords


def argmax_2d(heat):
    flat = heat.flatten(1).argmax(dim=1)
    return torch.stack([flat // heat.shape[-1], flat % heat.shape[-1]], dim=1)


def main():
    g = torch.Generator().manual_seed(0)
    model = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 1, 3, padding=1))
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    for _ in range(CFG["steps"]):
        images, targets, _ = synthetic_batch(g, size=CFG["size"])
        loss = F.mse_loss(model(images), targets)
        opt.zero_grad()
        loss.backward()
        opt.step()

    model.eval()
    tta = build_tta(model, CFG["tta"])
    errors = []
    for _ in range(CFG["val_batches"]):
        images, _, coords = synthetic_batch(g, size=CFG["size"])
        pred = argmax_2d(tta(images)[:, 0])
        errors.append((pred - coords).float().norm(dim=1).mean().item())
    print(f"mean keypoint error (TTA) {sum(errors) / len(errors):.2f} px")


if __name__ == "__main__":
    main()
