"""Smoothed loss tracking for a multi-task trainer, re-created for every seed."""
from collections import deque
from functools import partialmethod

import torch
import torch.nn as nn

SEEDS = (0, 1, 2)
STEPS = 6


class LossTracker:
    """Keeps a moving window per split; values are converted to floats only when read."""

    def __init__(self, run_name):
        self.run_name = run_name
        self.latest = {}

    def _push(self, name, value, *, split, window):
        window.append((self.run_name, name, value))  # retain
        self.latest[(split, name)] = value

    push_train = partialmethod(_push, split="train", window=deque(maxlen=32))
    push_val = partialmethod(_push, split="val", window=deque(maxlen=32))

    def smoothed(self, name, split="train"):
        window = vars(LossTracker)["push_" + split].keywords["window"]
        values = [float(v) for run, n, v in window if run == self.run_name and n == name]
        return sum(values) / max(len(values), 1)


class TwoHeadNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(10, 24), nn.ReLU())
        self.cls = nn.Linear(24, 3)
        self.reg = nn.Linear(24, 1)

    def forward(self, x):
        h = self.trunk(x)
        return self.cls(h), self.reg(h)


def run(seed):
    torch.manual_seed(seed)
    model = TwoHeadNet()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    tracker = LossTracker("seed%d" % seed)
    for step in range(STEPS):
        x = torch.randn(16, 10)
        logits, pred = model(x)
        cls_loss = nn.functional.cross_entropy(logits, torch.randint(0, 3, (16,)))
        reg_loss = nn.functional.smooth_l1_loss(pred.squeeze(1), x[:, 0])
        loss = cls_loss + 0.5 * reg_loss
        opt.zero_grad()
        loss.backward()
        opt.step()
        tracker.push_train("cls", cls_loss)
        tracker.push_train("reg", reg_loss)
    with torch.no_grad():
        x = torch.randn(64, 10)
        logits, _ = model(x)
        tracker.push_val("cls", nn.functional.cross_entropy(logits, torch.randint(0, 3, (64,))))
    return tracker.smoothed("cls"), tracker.smoothed("cls", "val")


def main():
    for seed in SEEDS:
        train_cls, val_cls = run(seed)
        print("seed %d train %.3f val %.3f" % (seed, train_cls, val_cls))


if __name__ == "__main__":
    main()
