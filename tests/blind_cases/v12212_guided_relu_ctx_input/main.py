"""Trains a small CNN and renders guided-backprop saliency for a few validation images per epoch."""
import torch
import torch.nn as nn

from guided import GuidedBackprop

CFG = {"classes": 4, "size": 12, "epochs": 3, "steps": 4, "batch": 16, "explain": 3}


def make_cnn():
    return nn.Sequential(
        nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),
        nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), nn.Linear(16 * (CFG["size"] // 2) ** 2, 32), nn.ReLU(),
        nn.Linear(32, CFG["classes"]))


def synthetic_batch(n):
    labels = torch.randint(0, CFG["classes"], (n,))
    images = torch.randn(n, 3, CFG["size"], CFG["size"]) * 0.5
    for i, c in enumerate(labels.tolist()):
        images[i, c % 3, c:c + 4, c:c + 4] += 2.0
    return images, labels


def saliency_stats(sal):
    flat = sal.flatten(1)
    top = flat.topk(8, dim=1).values.sum(1) / flat.sum(1).clamp_min(1e-8)
    return top.mean().item()


def main():
    torch.manual_seed(0)
    model = make_cnn()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    val_images, val_labels = synthetic_batch(CFG["explain"])
    log = []
    for epoch in range(CFG["epochs"]):
        model.train()
        for _ in range(CFG["steps"]):
            images, labels = synthetic_batch(CFG["batch"])
            loss = nn.functional.cross_entropy(model(images), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        explainer = GuidedBackprop(model)
        saliency = explainer(val_images, val_labels)
        log.append((epoch, round(loss.item(), 3), round(saliency_stats(saliency), 3)))
    print(log)


if __name__ == "__main__":
    main()
