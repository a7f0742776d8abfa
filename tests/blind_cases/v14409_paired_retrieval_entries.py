"""Bidirectional image-text retrieval evaluation with a paired feature cache."""
from dataclasses import dataclass, field
from typing import Optional

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(eq=False)
class Entry:
    key: int
    modality: str
    feature: torch.Tensor
    pair: Optional["Entry"] = None
    ranks: list = field(default_factory=list)


class PairedFeatureCache:
    def __init__(self):
        self.entries = {"image": [], "text": []}

    def add_pair(self, key, image_feat, text_feat):
        img = Entry(key, "image", image_feat)
        txt = Entry(key, "text", text_feat)
        img.pair = txt  # cycle
        txt.pair = img  # cycle
        self.entries["image"].append(img)
        self.entries["text"].append(txt)

    def gallery(self, modality):
        return torch.stack([e.feature for e in self.entries[modality]])

    def recall_at(self, query_modality, k):
        target = "text" if query_modality == "image" else "image"
        queries, targets = self.entries[query_modality], self.entries[target]
        sims = self.gallery(query_modality) @ self.gallery(target).t()
        hits = 0
        for q, row in zip(queries, sims):
            ranked = [targets[j] for j in row.topk(k).indices.tolist()]
            q.ranks.append(next((r for r, e in enumerate(ranked) if e is q.pair), k))
            hits += q.pair in ranked
        return hits / len(queries)


class DualEncoder(nn.Module):
    def __init__(self, dim=24):
        super().__init__()
        self.image = nn.Sequential(nn.Conv2d(3, 8, 4, stride=4), nn.ReLU(), nn.Flatten(), nn.Linear(8 * 16, dim))
        self.text = nn.EmbeddingBag(128, dim, mode="mean")

    def forward(self, images, ids):
        return F.normalize(self.image(images), dim=-1), F.normalize(self.text(ids), dim=-1)


def make_split(n, seed):
    g = torch.Generator().manual_seed(seed)
    topics = torch.randint(0, 8, (n,), generator=g)
    images = torch.randn(n, 3, 16, 16, generator=g) + topics.view(-1, 1, 1, 1)
    ids = (torch.randint(0, 16, (n, 6), generator=g) + 16 * topics.view(-1, 1)) % 128
    return images, ids


@torch.no_grad()
def evaluate(model, images, ids, ks=(1, 5)):
    cache = PairedFeatureCache()
    img_feats, txt_feats = model(images, ids)
    for key, (i, t) in enumerate(zip(img_feats, txt_feats)):
        cache.add_pair(key, i, t)
    return {f"{m[0]}2{'t' if m == 'image' else 'i'}@{k}": cache.recall_at(m, k)
            for m in ("image", "text") for k in ks}


def main():
    model = DualEncoder()
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    val_images, val_ids = make_split(24, seed=0)
    for epoch in range(3):
        for step in range(4):
            images, ids = make_split(32, seed=100 * epoch + step + 1)
            img, txt = model(images, ids)
            logits = 20 * img @ txt.t()
            target = torch.arange(len(img))
            loss = (F.cross_entropy(logits, target) + F.cross_entropy(logits.t(), target)) / 2
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(epoch, evaluate(model, val_images, val_ids))


if __name__ == "__main__":
    main()
