"""Train a tiny segmentation net and validate every epoch with multi-scale flip TTA."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from tta import SegTTA

CFG = {"num_classes": 3, "epochs": 3, "steps_per_epoch": 2, "batch_size": 4,
       "image_size": 16, "tta_scales": (1.0, 0.5)}


def build_model(num_classes):
    return nn.Sequential(
        nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
        nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(),
        nn.Conv2d(8, num_classes, 1))


def random_batch(cfg):
    s = cfg["image_size"]
    images = torch.rand(cfg["batch_size"], 3, s, s)
    masks = (images[:, 0] * cfg["num_classes"]).long().clamp_max(cfg["num_classes"] - 1)
    return images, masks


def mean_iou(probs, masks, num_classes):
    pred = probs.argmax(1)
    ious = []
    for c in range(num_classes):
        inter = ((pred == c) & (masks == c)).sum().item()
        union = ((pred == c) | (masks == c)).sum().item()
        if union:
            ious.append(inter / union)
    return sum(ious) / max(1, len(ious))


def main():
    torch.manual_seed(0)
    model = build_model(CFG["num_classes"])
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(CFG["epochs"]):
        model.train()
        for _ in range(CFG["steps_per_epoch"]):
            images, masks = random_batch(CFG)
            loss = F.cross_entropy(model(images), masks)
            opt.zero_grad()
            loss.backward()
            opt.step()

        model.eval()
        tta = SegTTA(model, scales=CFG["tta_scales"])
        with torch.no_grad():
            images, masks = random_batch(CFG)
            batch_miou = mean_iou(tta(images), masks, CFG["num_classes"])
            per_image = tta(list(images[:2]))
            sample = tta({"image": images[:1], "id": f"val_{epoch}"})
        print(f"epoch {epoch}: loss {loss.item():.3f} tta mIoU {batch_miou:.3f} "
              f"({len(per_image)} single images, sample {sample['id']})")


if __name__ == "__main__":
    main()
