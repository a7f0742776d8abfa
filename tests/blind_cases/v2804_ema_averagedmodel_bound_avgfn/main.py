"""Seed ensemble: each seed trains a small CNN and reports raw and EMA validation accuracy."""
import torch
import torch.nn as nn

from ema import WeightEMA

CFG = {"seeds": [0, 1, 2], "epochs": 2, "lr": 0.05, "ema_decay": 0.99, "ema_warmup": 10}


class SmallCNN(nn.Module):
    def __init__(self, classes=3):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(4))
        self.head = nn.Linear(8 * 16, classes)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.ema = WeightEMA(model, decay=cfg["ema_decay"], warmup=cfg["ema_warmup"])

    def fit(self, batches, epochs):
        self.model.train()
        for _ in range(epochs):
            for x, y in batches:
                loss = nn.functional.cross_entropy(self.model(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                self.ema.step(self.model)

    @torch.no_grad()
    def accuracy(self, x, y, use_ema=False):
        net = self.ema.module if use_ema else self.model
        net.eval()
        acc = (net(x).argmax(-1) == y).float().mean().item()
        self.model.train()
        return acc


def make_data(seed, n=6, bs=12):
    g = torch.Generator().manual_seed(seed)
    out = []
    for _ in range(n):
        y = torch.randint(0, 3, (bs,), generator=g)
        x = torch.randn(bs, 1, 8, 8, generator=g) + y.view(-1, 1, 1, 1).float()
        out.append((x, y))
    return out[:-1], out[-1]


def main():
    for seed in CFG["seeds"]:
        torch.manual_seed(seed)
        train, (xv, yv) = make_data(seed)
        trainer = Trainer(SmallCNN(), CFG)
        trainer.fit(train, CFG["epochs"])
        print(f"seed {seed}: raw {trainer.accuracy(xv, yv):.3f} ema {trainer.accuracy(xv, yv, use_ema=True):.3f}")


if __name__ == "__main__":
    main()
