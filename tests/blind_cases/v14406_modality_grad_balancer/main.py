"""Sweep of the OGM-GE modulation strength on a synthetic image-text task."""
import torch
import torch.nn.functional as F

from balance import ModalityBalancer
from model import LateFusion

SWEEP = [{"alpha": 0.3}, {"alpha": 0.8}, {"alpha": 1.5}]


def synthetic_batch(batch=12, num_classes=3):
    labels = torch.randint(0, num_classes, (batch,))
    images = torch.randn(batch, 3, 8, 8) + 0.8 * labels.view(-1, 1, 1, 1)
    ids = (torch.randint(0, 100, (batch, 5)) + 100 * labels.view(-1, 1)) % 300
    return images, ids, labels


def run(cfg, steps=5):
    model = LateFusion()
    balancer = ModalityBalancer(model.head, model.dim, alpha=cfg["alpha"])
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for _ in range(steps):
        images, ids, labels = synthetic_batch()
        logits = model(images, ids, balancer)
        loss = F.cross_entropy(logits, labels)
        balancer.update(labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item(), balancer.history[-1]


def main():
    for cfg in SWEEP:
        loss, ratio = run(cfg)
        print(f"alpha={cfg['alpha']}: loss {loss:.3f}, img/txt confidence ratio {ratio:.2f}")


if __name__ == "__main__":
    main()
