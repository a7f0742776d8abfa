"""Multi-scale runs of a tiny multi-label detector on mosaic/mixup-augmented data."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

from detdata import DetectionDataset

HYP = {"pipeline": [("mosaic", {"p": 1.0}), ("mixup", {"alpha": 8.0, "p": 0.3})],
       "lr": 0.05, "batch_size": 8, "epochs": 2}


def tiny_detector(num_classes):
    return nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.SiLU(), nn.MaxPool2d(2),
                         nn.Conv2d(8, 16, 3, padding=1), nn.SiLU(), nn.AdaptiveAvgPool2d(1),
                         nn.Flatten(), nn.Linear(16, num_classes))


def train_run(imgsz, seed, hyp=HYP):
    torch.manual_seed(seed)
    pipeline = [(n, dict(kw, imgsz=imgsz) if n == "mosaic" else kw) for n, kw in hyp["pipeline"]]
    dataset = DetectionDataset(24, imgsz, num_classes=5, hyp=dict(hyp, pipeline=pipeline), seed=seed)
    loader = DataLoader(dataset, batch_size=hyp["batch_size"], shuffle=True, collate_fn=DetectionDataset.collate_fn)
    model = tiny_detector(dataset.num_classes)
    opt = torch.optim.SGD(model.parameters(), lr=hyp["lr"], momentum=0.9)
    for epoch in range(hyp["epochs"]):
        for batch in loader:
            logits = model(batch["img"])
            target = torch.zeros_like(logits)
            target[batch["batch_idx"], batch["cls"]] = 1.0
            loss = F.binary_cross_entropy_with_logits(logits, target)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    for seed, imgsz in enumerate((16, 24)):
        train_run(imgsz, seed)


if __name__ == "__main__":
    main()
