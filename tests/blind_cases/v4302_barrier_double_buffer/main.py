"""Small CNN trained from uint8 image tensors through a double-buffered staging loader."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from staging import DoubleBufferedLoader, normalize_images

CFG = {"batch_size": 16, "epochs": 2, "lr": 0.05, "n_train": 64, "n_val": 32}
MEAN = torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1)
STD = torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1)


def make_split(n, seed):
    g = torch.Generator().manual_seed(seed)
    images = torch.randint(0, 256, (n, 3, 16, 16), generator=g, dtype=torch.uint8)
    labels = torch.randint(0, 4, (n,), generator=g)
    return TensorDataset(images, labels)


def build_loader(split, shuffle):
    loader = DataLoader(split, batch_size=CFG["batch_size"], shuffle=shuffle)
    return DoubleBufferedLoader(loader, lambda b: normalize_images(b, MEAN, STD))


def build_model():
    return nn.Sequential(
        nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
        nn.MaxPool2d(2), nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 4))


def run_epoch(model, loader, optimizer=None):
    model.train(optimizer is not None)
    correct, seen = 0, 0
    for images, labels in loader:
        with torch.set_grad_enabled(optimizer is not None):
            logits = model(images)
            loss = nn.functional.cross_entropy(logits, labels)
        if optimizer is not None:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        correct += (logits.argmax(1) == labels).sum().item()
        seen += labels.numel()
    return correct / seen


def main():
    model = build_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=CFG["lr"], momentum=0.9)
    for epoch in range(CFG["epochs"]):
        train_loader = build_loader(make_split(CFG["n_train"], seed=epoch), shuffle=True)
        run_epoch(model, train_loader, optimizer)
        val_loader = build_loader(make_split(CFG["n_val"], seed=100), shuffle=False)
        acc = run_epoch(model, val_loader)
        assert train_loader.staged == len(train_loader) and 0.0 <= acc <= 1.0


if __name__ == "__main__":
    main()
