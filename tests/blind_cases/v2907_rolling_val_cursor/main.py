"""Learning-rate sweep with a quick rolling validation every few optimizer steps."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

from validation import rolling_validate


class GaussianBlobs(Dataset):
    def __init__(self, n, dim, classes, seed):
        g = torch.Generator().manual_seed(seed)
        self.centers = torch.randn(classes, dim, generator=g) * 2
        self.labels = torch.randint(0, classes, (n,), generator=g)
        self.points = self.centers[self.labels] + torch.randn(n, dim, generator=g)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        return self.points[idx], self.labels[idx]


def sweep_trial(lr, train_loader, val_loader, steps=12, val_every=4):
    model = nn.Sequential(nn.Linear(6, 24), nn.Tanh(), nn.Linear(24, 4))
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    log = []
    step = 0
    while step < steps:
        for x, y in train_loader:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
            if step % val_every == 0:
                log.append(rolling_validate("val", model, val_loader, num_batches=2, criterion=F.cross_entropy))
            if step >= steps:
                break
    return log[-1]


def main():
    train_loader = DataLoader(GaussianBlobs(64, 6, 4, seed=0), batch_size=8, shuffle=True)
    val_loader = DataLoader(GaussianBlobs(40, 6, 4, seed=1), batch_size=8)
    results = {lr: sweep_trial(lr, train_loader, val_loader) for lr in (0.01, 0.1, 0.5)}
    best = max(results, key=lambda lr: results[lr][1])
    assert best in results


if __name__ == "__main__":
    main()
