"""Compare kernel sizes of a 1-D conv classifier on synthetic signals."""
import torch
import torch.nn as nn

from trainer import Trainer


class ConvClassifier(nn.Module):
    def __init__(self, channels=4, width=16, kernel=3, classes=3):
        super().__init__()
        self.conv = nn.Conv1d(channels, width, kernel, padding=kernel // 2)
        self.act = nn.ReLU()
        self.fc = nn.Linear(width, classes)

    def forward(self, x):
        return self.fc(self.act(self.conv(x)).mean(dim=-1))


def synthetic_batches(n, seed):
    g = torch.Generator().manual_seed(seed)
    for _ in range(n):
        x = torch.randn(8, 4, 20, generator=g)
        yield x, (x.mean(dim=(1, 2)) > 0).long() + (x[:, 0].std(dim=-1) > 1).long()


def main():
    cfg = {"lr": 1e-3, "log_every": 2}
    for kernel in (3, 5, 7):
        trainer = Trainer(ConvClassifier(kernel=kernel), cfg)
        loss, acts = trainer.fit(synthetic_batches(5, seed=kernel))
        print(kernel, round(loss, 4), {k: round(v, 3) for k, v in acts.items()})


if __name__ == "__main__":
    main()
