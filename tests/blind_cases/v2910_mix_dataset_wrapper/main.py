"""YOLOX-style schedule: mosaic/mixup for most epochs, switched off for the last one."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

from datasets import MultiImageMixDataset, SyntheticDetDataset

CFG = {"img_scale": 16, "epochs": 3, "no_aug_epochs": 1,
       "train_pipeline": [{"type": "Mosaic", "img_scale": 16, "prob": 1.0},
                          {"type": "MixUp", "ratio_range": (0.4, 0.6), "prob": 0.3}]}


def collate_det(batch):
    owner = torch.cat([torch.full((len(b["gt_labels"]),), i) for i, b in enumerate(batch)])
    return torch.stack([b["img"] for b in batch]), torch.cat([b["gt_labels"] for b in batch]), owner


def run(seed, cfg=CFG):
    torch.manual_seed(seed)
    base = SyntheticDetDataset(24, cfg["img_scale"], num_classes=4, seed=seed)
    loader = DataLoader(MultiImageMixDataset(base, cfg["train_pipeline"]), batch_size=8, shuffle=True,
                        collate_fn=collate_det)
    model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
                          nn.Flatten(), nn.Linear(8, base.num_classes))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(cfg["epochs"]):
        if epoch == cfg["epochs"] - cfg["no_aug_epochs"]:
            loader.dataset.update_skip_type_keys(("Mosaic", "MixUp"))
        for imgs, labels, owner in loader:
            target = torch.zeros(len(imgs), base.num_classes)
            target[owner, labels] = 1.0
            loss = F.binary_cross_entropy_with_logits(model(imgs), target)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    for seed in range(2):
        run(seed)


if __name__ == "__main__":
    main()
