"""Train a tiny segmentation net, then score the validation split with flip/shift TTA."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from tta import build_tta

CFG = {"steps": 4, "lr": 0.05, "val_batches": 3,
       "tta": {"max_shift": 2, "n_shifts": 2, "merge": "mean", "seed": 0}}


def synthetic_batch(g, n=4, size=16):
    masks = torch.zeros(n, size, size, dtype=torch.long)
    images = torch.rand(n, 1, size, size, generator=g) * 0.3
    for i in range(n):
        y, x = torch.randint(0, size - 6, (2,), generator=g).tolist()
        masks[i, y:y + 6, x:x + 6] = 1
        images[i, 0, y:y + 6, x:x + 6] += 0.7
    return images, masks


def dice(pred, target):
    inter = (pred * target).sum()
    return float(2 * inter / (pred.sum() + target.sum()).clamp_min(1))


def main():
    g = torch.Generator().manual_seed(0)
    model = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 2, 1))
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    for _ in range(CFG["steps"]):
        images, masks = synthetic_batch(g)
        loss = F.cross_entropy(model(images), masks)
        opt.zero_grad()
        loss.backward()
        opt.step()

    model.eval()
    tta = build_tta(model, CFG["tta"])
    scores = []
    for _ in range(CFG["val_batches"]):
        images, masks = synthetic_batch(g)
        pred = tta(images).argmax(dim=1)
        scores.append(dice(pred, masks))
    print(f"val dice (TTA) {sum(scores) / len(scores):.3f}")


if __name__ == "__main__":
    main()
