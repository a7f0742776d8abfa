"""DataLoader subclass whose mixup collate is a partial of a module-level function."""
import functools
import random

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data._utils.collate import default_collate


@functools.lru_cache(maxsize=None)
def _beta_table(alpha, n=64, seed=0):
    rng = random.Random(seed)
    return tuple(rng.betavariate(alpha, alpha) for _ in range(n))


def mixup_collate(samples, *, num_classes, alpha, state):
    x, y = default_collate(samples)
    target = nn.functional.one_hot(y, num_classes).float()
    if state["rng"].random() > state["prob"]:
        return x, target
    table = _beta_table(alpha)
    lam = table[state["rng"].randrange(len(table))]
    perm = torch.randperm(x.shape[0])
    return lam * x + (1 - lam) * x[perm], lam * target + (1 - lam) * target[perm]


class MixingLoader(DataLoader):
    """Mixes every collated batch; the mixing probability ramps up over the first epochs."""

    def __init__(self, dataset, num_classes, batch_size=16, alpha=0.4, warmup_epochs=2, **kwargs):
        self.warmup_epochs = warmup_epochs
        self.mix_state = {"rng": random.Random(0), "prob": 0.0}
        collate = functools.partial(mixup_collate, num_classes=num_classes, alpha=alpha,
                                    state=self.mix_state)
        super().__init__(dataset, batch_size=batch_size, collate_fn=collate, **kwargs)
        self.set_epoch(0)

    def set_epoch(self, epoch):
        self.mix_state["prob"] = min(1.0, (epoch + 1) / (self.warmup_epochs + 1))


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
