"""Two short training runs with different normalisation statistics and prefetched batches."""
import torch
import torch.nn as nn

import runctx
from prefetch import prefetch

RUNS = [
    {"name": "imagenet_stats", "mean": (0.485, 0.456, 0.406), "std": (0.229, 0.224, 0.225)},
    {"name": "dataset_stats", "mean": (0.5, 0.5, 0.5), "std": (0.29, 0.29, 0.29)},
]


class Normalize(nn.Module):
    def __init__(self, mean, std):
        super().__init__()
        self.register_buffer("mean", torch.tensor(mean).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor(std).view(1, 3, 1, 1))

    def forward(self, x):
        return (x - self.mean) / self.std


class AugmentPipeline(nn.Module):
    def __init__(self, mean, std, p_flip=0.5):
        super().__init__()
        self.p_flip = p_flip
        self.normalize = Normalize(mean, std)

    def forward(self, x):
        if torch.rand(()) < self.p_flip:
            x = x.flip(-1)
        return self.normalize(x)


def train(run_cfg, steps=4):
    pipeline = AugmentPipeline(run_cfg["mean"], run_cfg["std"])
    model = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 5))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    with runctx.active(pipeline):
        for fut in prefetch(pipeline, seeds=range(steps), batch_size=8):
            images, labels = fut.result()
            loss = nn.functional.cross_entropy(model(images), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    for cfg in RUNS:
        print(cfg["name"], round(train(cfg), 4))


if __name__ == "__main__":
    main()
