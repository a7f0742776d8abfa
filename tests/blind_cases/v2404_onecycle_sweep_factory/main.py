"""Sweep the peak learning rate of a one-cycle schedule for a small CNN on random images."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from factory import build_training_objects

BASE_CONFIG = {"optimizer": "sgd", "schedule": "onecycle", "epochs": 2, "batch_size": 8}
PEAK_LRS = [0.02, 0.05, 0.1]
SWEEP = {}


class TinyCNN(nn.Module):
    def __init__(self, channels=8, classes=4):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, channels, 3, padding=1), nn.BatchNorm2d(channels), nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(channels, channels * 2, 3, padding=1), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Linear(channels * 2, classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


def fake_dataset(n=32, seed=0):
    g = torch.Generator().manual_seed(seed)
    images = torch.randn(n, 1, 12, 12, generator=g)
    labels = torch.randint(0, 4, (n,), generator=g)
    return list(zip(images.split(BASE_CONFIG["batch_size"]), labels.split(BASE_CONFIG["batch_size"])))


def run(cfg, batches):
    model = TinyCNN()
    optimizer, scheduler = build_training_objects(model, cfg, steps_per_epoch=len(batches))
    for epoch in range(cfg["epochs"]):
        for images, labels in batches:
            loss = F.cross_entropy(model(images), labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            scheduler.step()
    return loss.item(), scheduler.get_last_lr()[0]


def main():
    batches = fake_dataset()
    for peak in PEAK_LRS:
        cfg = dict(BASE_CONFIG, lr=peak)
        final_loss, last_lr = run(cfg, batches)
        SWEEP[peak] = final_loss
        print("peak_lr={:<5} final_loss={:.4f} last_lr={:.2e}".format(peak, final_loss, last_lr))


if __name__ == "__main__":
    main()
