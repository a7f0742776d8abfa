"""Instance-aware semantic segmentation training with Copy-Paste augmentation on synthetic scenes."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

from copy_paste import SimpleCopyPaste

CFG = {"num_classes": 3, "size": 24, "epochs": 2, "steps": 3, "batch_size": 4, "max_objects": 3}


def make_sample(img_id, rng):
    size = CFG["size"]
    image = torch.rand(3, size, size) * 0.3
    masks, labels = [], []
    for _ in range(rng.randint(1, CFG["max_objects"])):
        h, w = rng.randint(3, 8), rng.randint(3, 8)
        top, left = rng.randrange(size - h), rng.randrange(size - w)
        mask = torch.zeros(size, size, dtype=torch.bool)
        mask[top:top + h, left:left + w] = True
        label = rng.randrange(CFG["num_classes"])
        image[label, mask] += 0.7
        masks.append(mask)
        labels.append(label)
    return {"img_id": img_id, "img": image, "masks": masks, "labels": labels}


def semantic_target(results):
    target = torch.zeros(CFG["size"], CFG["size"], dtype=torch.long)
    for mask, label in zip(results["masks"], results["labels"]):
        target[mask] = label + 1
    return target


def main():
    torch.manual_seed(0)
    rng = random.Random(0)
    model = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(),
                          nn.Conv2d(16, 16, 3, padding=1), nn.ReLU(),
                          nn.Conv2d(16, CFG["num_classes"] + 1, 1))
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    next_id = 0
    for epoch in range(CFG["epochs"]):
        augment = SimpleCopyPaste(bank_size=8, max_paste=2, seed=epoch)
        for _ in range(CFG["steps"]):
            batch = []
            for _ in range(CFG["batch_size"]):
                batch.append(augment(make_sample(next_id, rng)))
                next_id += 1
            images = torch.stack([r["img"] for r in batch])
            targets = torch.stack([semantic_target(r) for r in batch])
            loss = F.cross_entropy(model(images), targets)
            opt.zero_grad()
            loss.backward()
            opt.step()
        sources = sorted({p.source_id for r in batch for p in r.get("pasted", [])})
        print(f"epoch {epoch}: loss {loss.item():.3f}, last batch pasted objects from images {sources}")


if __name__ == "__main__":
    main()
