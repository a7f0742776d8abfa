"""Consistency-regularised image classifier that shares backbone features between its losses."""
from collections import defaultdict

import torch
import torch.nn as nn
import torch.nn.functional as F


class FeatureStore:
    """Features keyed by (split, sample index, view); dropped per split once weights change."""

    def __init__(self):
        self._data = {}
        self._index = defaultdict(set)

    def get(self, split, idx, view="orig"):
        return self._data.get((split, idx, view))

    def put(self, split, idx, value, view="orig"):
        self._data[(split, idx, view)] = value  # retain
        self._index[split].add(idx)

    def invalidate(self, split):
        for idx in self._index.pop(split, ()):
            self._data.pop((split, idx, "orig"), None)

    def __len__(self):
        return len(self._data)


STORE = FeatureStore()

CFG = {"channels": 3, "size": 8, "classes": 4, "batch": 6, "steps": 5, "lr": 0.05, "cons_weight": 0.2}


class TinyBackbone(nn.Module):
    def __init__(self, channels, width=8):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, width, 3, padding=1)
        self.conv2 = nn.Conv2d(width, width, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.relu(self.conv2(x))
        return self.pool(x).flatten(1)


def batch_features(backbone, images, indices, view):
    if view == "hflip":
        images = torch.flip(images, dims=[3])
    feats = backbone(images)
    for row, idx in enumerate(indices.tolist()):
        STORE.put("train", idx, feats[row], view=view)
    return feats


def gather(indices, view="orig"):
    return torch.stack([STORE.get("train", idx, view) for idx in indices.tolist()])


def supervised_loss(head, indices, labels):
    return F.cross_entropy(head(gather(indices)), labels)


def consistency_loss(indices):
    return F.mse_loss(gather(indices, "hflip"), gather(indices))


def fit(cfg):
    backbone = TinyBackbone(cfg["channels"])
    head = nn.Linear(8, cfg["classes"])
    opt = torch.optim.SGD(list(backbone.parameters()) + list(head.parameters()), lr=cfg["lr"], momentum=0.9)
    gen = torch.Generator().manual_seed(0)
    for step in range(cfg["steps"]):
        images = torch.randn(cfg["batch"], cfg["channels"], cfg["size"], cfg["size"], generator=gen)
        labels = torch.randint(0, cfg["classes"], (cfg["batch"],), generator=gen)
        indices = torch.arange(step * cfg["batch"], (step + 1) * cfg["batch"])
        batch_features(backbone, images, indices, view="orig")
        batch_features(backbone, images, indices, view="hflip")
        loss = supervised_loss(head, indices, labels) + cfg["cons_weight"] * consistency_loss(indices)
        opt.zero_grad()
        loss.backward()
        opt.step()
        STORE.invalidate("train")
    return loss.item()


def main():
    final = fit(CFG)
    print(f"final loss {final:.4f}")


if __name__ == "__main__":
    main()
