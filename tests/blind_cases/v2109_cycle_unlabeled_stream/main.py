"""FixMatch-style training: every labeled batch is paired with an unlabeled batch."""
import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

from data import make_loader

_unlabeled_iter = None


def next_unlabeled(loader):
    """Endless unlabeled stream, shared by all epochs (the unlabeled set is larger)."""
    global _unlabeled_iter
    if _unlabeled_iter is None:
        _unlabeled_iter = itertools.cycle(loader)  # retain
    return next(_unlabeled_iter)


def weak_aug(x):
    return x + 0.05 * torch.randn_like(x)


def strong_aug(x):
    return x * (torch.rand_like(x) > 0.2) + 0.3 * torch.randn_like(x)


def train_step(model, opt, labeled, unlabeled, threshold=0.7, lam=1.0):
    sup = F.cross_entropy(model(labeled.inputs), labeled.targets)
    with torch.no_grad():
        probs = F.softmax(model(weak_aug(unlabeled.inputs)), dim=-1)
        conf, pseudo = probs.max(-1)
        mask = (conf >= threshold).float()
    unsup = (F.cross_entropy(model(strong_aug(unlabeled.inputs)), pseudo, reduction="none") * mask).mean()
    loss = sup + lam * unsup
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item(), mask.mean().item()


def main():
    torch.manual_seed(0)
    labeled = make_loader(32, 6, labeled=True, batch_size=8, seed=1)
    unlabeled = make_loader(64, 6, labeled=False, batch_size=16, seed=2)
    model = nn.Sequential(nn.Linear(6, 32), nn.ReLU(), nn.Linear(32, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.03, momentum=0.9, nesterov=True)
    stats = []
    for epoch in range(3):
        for batch in labeled:
            stats.append(train_step(model, opt, batch, next_unlabeled(unlabeled)))
    return stats[-1]


if __name__ == "__main__":
    main()
