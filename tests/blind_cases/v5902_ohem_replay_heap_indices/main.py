"""Classifier trained with OHEM-style replay; the replay buffer stores dataset indices."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

from mining import REPLAY

CONFIG = {"dim": 12, "num_classes": 3, "hidden": 32, "lr": 0.05, "epochs": 2,
          "replay_every": 2, "replay_k": 8, "max_steps_per_epoch": 5}


class IndexedToySet(Dataset):
    def __init__(self, n, dim, num_classes, seed=0):
        g = torch.Generator().manual_seed(seed)
        centers = torch.randn(num_classes, dim, generator=g) * 2.0
        self.y = torch.randint(0, num_classes, (n,), generator=g)
        self.x = centers[self.y] + torch.randn(n, dim, generator=g)
        flip = torch.rand(n, generator=g) < 0.1
        self.y = torch.where(flip, (self.y + 1) % num_classes, self.y)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i], i


def train_epoch(model, opt, dataset, loader, cfg, epoch):
    model.train()
    for step, (x, y, idx) in enumerate(loader):
        if step >= cfg["max_steps_per_epoch"]:
            break
        if step % cfg["replay_every"] == 1 and len(REPLAY) >= cfg["replay_k"]:
            hard = torch.tensor(REPLAY.sample(cfg["replay_k"]))
            x = torch.cat([x, dataset.x[hard]])
            y = torch.cat([y, dataset.y[hard]])
            idx = torch.cat([idx, hard])
        per_sample = F.cross_entropy(model(x), y, reduction="none")
        REPLAY.offer(per_sample, idx)
        loss = per_sample.mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"epoch {epoch}: hard threshold {REPLAY.threshold:.3f}")


def main():
    cfg = dict(CONFIG)
    dataset = IndexedToySet(256, cfg["dim"], cfg["num_classes"])
    loader = DataLoader(dataset, batch_size=32, shuffle=True)
    model = nn.Sequential(nn.Linear(cfg["dim"], cfg["hidden"]), nn.ReLU(),
                          nn.Linear(cfg["hidden"], cfg["num_classes"]))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    for epoch in range(cfg["epochs"]):
        train_epoch(model, opt, dataset, loader, cfg, epoch)


if __name__ == "__main__":
    main()
