"""AugMix-style augmentation with a Jensen-Shannon consistency loss on a small image classifier."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

CONFIG = {"width": 3, "max_depth": 3, "severity": 2, "alpha": 1.0, "jsd_weight": 12.0,
          "epochs": 2, "batch_size": 8, "lr": 0.05, "num_samples": 24}


def _shift(x, level, rng):
    d = max(1, int(level))
    return torch.roll(x, shifts=(rng.randint(-d, d), rng.randint(-d, d)), dims=(1, 2))


def _contrast(x, level, rng):
    factor = 1.0 + rng.uniform(-0.15, 0.15) * level
    mean = x.mean()
    return ((x - mean) * factor + mean).clamp(0.0, 1.0)


def _brightness(x, level, rng):
    return (x + rng.uniform(-0.05, 0.05) * level).clamp(0.0, 1.0)


def _posterize(x, level, rng):
    levels = 2 ** max(1, 6 - int(level))
    return torch.floor(x * levels) / levels


OPS = [_shift, _contrast, _brightness, _posterize]


class AugMix:
    def __init__(self, width, max_depth, severity, alpha, seed=0):
        self.width = width
        self.max_depth = max_depth
        self.severity = severity
        self.alpha = alpha
        self.rng = random.Random(seed)

    def _mixing_weights(self):
        w = torch.distributions.Dirichlet(torch.full((self.width,), self.alpha)).sample()
        m = torch.distributions.Beta(self.alpha, self.alpha).sample().item()
        return w, m

    def __call__(self, img):
        weights, m = self._mixing_weights()

        def chain(x, depth):  # cycle
            if depth == 0:
                return x
            op = self.rng.choice(OPS)
            return chain(op(x, self.severity, self.rng), depth - 1)

        mix = torch.zeros_like(img)
        for i in range(self.width):
            depth = self.rng.randint(1, self.max_depth)
            mix += weights[i] * chain(img, depth)
        return m * img + (1.0 - m) * mix


class ToyImages(Dataset):
    def __init__(self, n, augmix):
        g = torch.Generator().manual_seed(0)
        self.images = torch.rand(n, 3, 12, 12, generator=g)
        self.labels = torch.randint(0, 4, (n,), generator=g)
        self.augmix = augmix

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        img = self.images[idx]
        return img, self.augmix(img), self.augmix(img), self.labels[idx]


def jsd_loss(logits_clean, logits_a, logits_b):
    p_clean, p_a, p_b = (F.softmax(t, dim=1) for t in (logits_clean, logits_a, logits_b))
    p_mix = torch.clamp((p_clean + p_a + p_b) / 3.0, 1e-7, 1.0).log()
    return (F.kl_div(p_mix, p_clean, reduction="batchmean")
            + F.kl_div(p_mix, p_a, reduction="batchmean")
            + F.kl_div(p_mix, p_b, reduction="batchmean")) / 3.0


def train(cfg):
    augmix = AugMix(cfg["width"], cfg["max_depth"], cfg["severity"], cfg["alpha"])
    loader = DataLoader(ToyImages(cfg["num_samples"], augmix), batch_size=cfg["batch_size"], shuffle=True)
    model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(2),
                          nn.Flatten(), nn.Linear(32, 4))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    history = []
    for epoch in range(cfg["epochs"]):
        for clean, aug_a, aug_b, y in loader:
            logits = model(torch.cat([clean, aug_a, aug_b]))
            l_clean, l_a, l_b = logits.chunk(3)
            loss = F.cross_entropy(l_clean, y) + cfg["jsd_weight"] * jsd_loss(l_clean, l_a, l_b)
            opt.zero_grad()
            loss.backward()
            opt.step()
            history.append(loss.item())
    return sum(history) / len(history)


def main():
    avg = train(CONFIG)
    print(f"mean train loss {avg:.3f}")


if __name__ == "__main__":
    main()
