"""Cross-validated training of a small CNN with CutMix applied in the DataLoader's collate_fn."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

from collate import CutMixCollator
from data import BlobImages, kfold

CFG = {"num_samples": 36, "folds": 3, "epochs": 2, "batch_size": 8, "lr": 0.03,
       "cutmix": {"alpha": 1.0, "p_start": 0.2, "p_end": 0.8}}


def build_loader(dataset, cfg, seed):
    collator = CutMixCollator(dataset.num_classes, total_epochs=cfg["epochs"], seed=seed, **cfg["cutmix"])
    loader = DataLoader(dataset, batch_size=cfg["batch_size"], shuffle=True, collate_fn=collator)  # cycle
    collator.attach(loader)
    return loader, collator


def soft_cross_entropy(logits, targets):
    return torch.sum(-targets * F.log_softmax(logits, dim=1), dim=1).mean()


def run_fold(fold, train_idx, cfg):
    train_set = BlobImages(train_idx, seed=fold)
    loader, collator = build_loader(train_set, cfg, seed=fold)
    model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(4),
                          nn.Flatten(), nn.Linear(128, train_set.num_classes))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    for epoch in range(cfg["epochs"]):
        collator.set_epoch(epoch)
        for images, targets in loader:
            loss = soft_cross_entropy(model(images), targets)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    scores = [run_fold(f, tr, CFG) for f, tr, _ in kfold(CFG["num_samples"], CFG["folds"])]
    print("fold losses", [round(s, 3) for s in scores])


if __name__ == "__main__":
    main()
