"""DataLoader subclass that applies batch-level mixup / cutmix with a per-epoch schedule."""
import random

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data._utils.collate import default_collate


class MixingLoader(DataLoader):
    """Mixes every collated batch; the mixing probability ramps up over the first epochs."""

    def __init__(self, dataset, num_classes, batch_size=16, alpha=0.4, warmup_epochs=2, **kwargs):
        self.num_classes = num_classes
        self.alpha = alpha
        self.warmup_epochs = warmup_epochs
        self.epoch = 0
        self.rng = random.Random(0)
        super().__init__(dataset, batch_size=batch_size, collate_fn=self._mix_collate, **kwargs)  # cycle

    @property
    def mix_prob(self):
        return min(1.0, (self.epoch + 1) / (self.warmup_epochs + 1))

    def set_epoch(self, epoch):
        self.epoch = epoch

    def _cutmix(self, x, perm, lam):
        h, w = x.shape[-2:]
        ch, cw = int(h * (1 - lam) ** 0.5), int(w * (1 - lam) ** 0.5)
        top, left = self.rng.randrange(h - ch + 1), self.rng.randrange(w - cw + 1)
        x = x.clone()
        x[..., top:top + ch, left:left + cw] = x[perm][..., top:top + ch, left:left + cw]
        return x, 1.0 - ch * cw / float(h * w)

    def _mix_collate(self, samples):
        x, y = default_collate(samples)
        target = nn.functional.one_hot(y, self.num_classes).float()
        if self.rng.random() > self.mix_prob:
            return x, target
        lam = self.rng.betavariate(self.alpha, self.alpha)
        perm = torch.randperm(x.shape[0])
        if self.rng.random() < 0.5:
            x, lam = self._cutmix(x, perm, lam)
        else:
            x = lam * x + (1 - lam) * x[perm]
        return x, lam * target + (1 - lam) * target[perm]


def soft_cross_entropy(logits, target):
    return -(target * logits.log_softmax(-1)).sum(-1).mean()


def main():
    images = torch.randn(64, 3, 8, 8)
    labels = torch.randint(0, 5, (64,))
    model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),
                          nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 5))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for run in range(2):
        loader = MixingLoader(TensorDataset(images, labels), num_classes=5, shuffle=True)
        for epoch in range(3):
            loader.set_epoch(epoch)
            for x, target in loader:
                loss = soft_cross_entropy(model(x), target)
                opt.zero_grad()
                loss.backward()
                opt.step()


if __name__ == "__main__":
    main()
