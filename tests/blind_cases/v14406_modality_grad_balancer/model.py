"""Late-fusion image-text classifier (hateful-memes style) with tiny encoders."""
import torch
import torch.nn as nn


class ImageEncoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),
                                 nn.AdaptiveAvgPool2d(2), nn.Flatten(), nn.Linear(32, dim))

    def forward(self, images):
        return self.net(images)


class TextEncoder(nn.Module):
    def __init__(self, dim, vocab=300):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.mlp = nn.Sequential(nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, ids):
        return self.mlp(self.embed(ids))


class LateFusion(nn.Module):
    def __init__(self, dim=16, num_classes=3):
        super().__init__()
        self.dim = dim
        self.image = ImageEncoder(dim)
        self.text = TextEncoder(dim)
        self.head = nn.Linear(2 * dim, num_classes)

    def forward(self, images, ids, balancer=None):
        img, txt = self.image(images), self.text(ids)
        if balancer is not None:
            img, txt = balancer.attach("image", img), balancer.attach("text", txt)
        return self.head(torch.cat([img, txt], dim=1))
