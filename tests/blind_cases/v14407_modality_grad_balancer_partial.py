"""OGM-GE gradient modulation for an image-text late-fusion classifier.

The balancer keeps the current step's unimodal features to score each stream
and scales the encoder gradients through hooks on those features.
"""
import functools
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def _modulate(coeff, name, grad):
    return grad * coeff[name]


class ModalityBalancer:
    def __init__(self, head, dim, alpha=0.8):
        self.head = head
        self.dim = dim
        self.alpha = alpha
        self.coeff = {"image": 1.0, "text": 1.0}
        self.features = {}
        self.ratios = []

    def attach(self, name, feat):
        self.features[name] = feat
        feat.register_hook(functools.partial(_modulate, self.coeff, name))
        return feat

    @torch.no_grad()
    def update(self, labels):
        idx = torch.arange(len(labels))
        w_img, w_txt = self.head.weight.split(self.dim, dim=1)
        conf_img = (self.features["image"] @ w_img.t()).softmax(1)[idx, labels].sum()
        conf_txt = (self.features["text"] @ w_txt.t()).softmax(1)[idx, labels].sum()
        ratio = (conf_img / conf_txt).item()
        dominant, weak = ("image", "text") if ratio > 1 else ("text", "image")
        self.coeff[dominant] = 1 - math.tanh(self.alpha * (max(ratio, 1 / ratio) - 1))
        self.coeff[weak] = 1.0
        self.ratios.append(ratio)


class LateFusion(nn.Module):
    def __init__(self, dim=16, num_classes=3, vocab=300):
        super().__init__()
        self.dim = dim
        self.image = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),
                                   nn.AdaptiveAvgPool2d(2), nn.Flatten(), nn.Linear(32, dim))
        self.text = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.head = nn.Linear(2 * dim, num_classes)

    def forward(self, images, ids, balancer):
        img = balancer.attach("image", self.image(images))
        txt = balancer.attach("text", self.text(ids))
        return self.head(torch.cat([img, txt], dim=1))


def synthetic_batch(batch=12, num_classes=3):
    labels = torch.randint(0, num_classes, (batch,))
    images = torch.randn(batch, 3, 8, 8) + 0.8 * labels.view(-1, 1, 1, 1)
    ids = (torch.randint(0, 100, (batch, 5)) + 100 * labels.view(-1, 1)) % 300
    return images, ids, labels


def run(alpha, steps=5):
    model = LateFusion()
    balancer = ModalityBalancer(model.head, model.dim, alpha=alpha)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for _ in range(steps):
        images, ids, labels = synthetic_batch()
        loss = F.cross_entropy(model(images, ids, balancer), labels)
        balancer.update(labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item(), balancer.ratios[-1]


def main():
    for alpha in (0.3, 0.8, 1.5):
        loss, ratio = run(alpha)
        print(f"alpha={alpha}: loss {loss:.3f}, confidence ratio {ratio:.2f}")


if __name__ == "__main__":
    main()
