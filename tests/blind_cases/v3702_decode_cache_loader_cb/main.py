"""Cross-validation over folds; each fold builds its own cached datasets and loaders."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from dataset import EncodedImageDataset

CONFIG = {"folds": 3, "epochs": 2, "batch_size": 8, "lr": 0.05}


def make_model():
    return nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),
                         nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 4))


def run_fold(fold, cfg):
    train_set = EncodedImageDataset(40, seed=fold)
    loader = DataLoader(train_set, batch_size=cfg["batch_size"], shuffle=True)
    model = make_model()
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    for _ in range(cfg["epochs"]):
        for images, labels in loader:
            loss = nn.functional.cross_entropy(model(images), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return train_set.cache.hit_rate


def main():
    rates = [run_fold(fold, CONFIG) for fold in range(CONFIG["folds"])]
    return sum(rates) / len(rates)


if __name__ == "__main__":
    main()
