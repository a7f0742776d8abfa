"""Cross-validated training of a one-box-per-image localisation head on SQLite annotations."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

from annotations import BoxAnnotationDB

CFG = {"folds": 2, "images_per_fold": 6, "steps": 3, "num_classes": 4, "image_size": (32, 32)}


def synthetic_records(n_images, seed):
    rng = random.Random(seed)
    records = []
    for img in range(n_images):
        for _ in range(rng.randint(1, 3)):
            x, y = rng.uniform(0, 20), rng.uniform(0, 20)
            records.append((img, rng.randrange(CFG["num_classes"]), (x, y, rng.uniform(4, 12), rng.uniform(4, 12))))
    return records


class TinyLocalizer(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.cls_head = nn.Linear(16, num_classes)
        self.box_head = nn.Linear(16, 4)

    def forward(self, x):
        feats = self.backbone(x)
        return self.cls_head(feats), self.box_head(feats).sigmoid()


def main():
    torch.manual_seed(0)
    for fold in range(CFG["folds"]):
        db = BoxAnnotationDB(synthetic_records(CFG["images_per_fold"], seed=fold),
                             box_format="xywh", image_size=CFG["image_size"])
        model = TinyLocalizer(CFG["num_classes"])
        opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
        for step in range(CFG["steps"]):
            labels, boxes = zip(*(db.targets(i) for i in db.image_ids))
            images = torch.rand(len(db), 3, *CFG["image_size"])
            cls_logits, pred_boxes = model(images)
            first_labels = torch.stack([l[0] for l in labels])
            first_boxes = torch.stack([b[0] for b in boxes])
            loss = F.cross_entropy(cls_logits, first_labels) + F.l1_loss(pred_boxes, first_boxes)
            opt.zero_grad()
            loss.backward()
            opt.step()
        db.close()
        print(f"fold {fold}: {len(db)} images, final loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
