"""Exported notebook: hand-written nested progress bars (epoch bar + per-epoch batch bar)."""
import sys
import weakref

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

CFG = {"epochs": 6, "limit_train_batches": 3, "patience": 2, "batch_size": 16, "n": 128}


class Bar:
    _instances = weakref.WeakSet()

    def __init__(self, iterable, desc="", width=20, leave=True):
        self.iterable = iterable
        self.total = len(iterable)
        self.desc = desc
        self.width = width
        self.leave = leave
        self.n = 0
        self.postfix = {}
        self.pos = len(Bar._instances)
        Bar._instances.add(self)

    def __iter__(self):
        try:
            for item in self.iterable:
                yield item
                self.n += 1
                self.refresh()
        finally:
            self.close()

    def set_postfix(self, **values):
        self.postfix.update(values)

    def refresh(self):
        filled = int(self.width * self.n / max(1, self.total))
        extra = " ".join(f"{k}={v:.3g}" for k, v in self.postfix.items())
        sys.stdout.write(f"{'  ' * self.pos}{self.desc} [{'=' * filled:<{self.width}}] {self.n}/{self.total} {extra}\n")

    def close(self):
        Bar._instances.discard(self)
        if self.leave:
            self.refresh()


def main():
    torch.manual_seed(0)
    x = torch.randn(CFG["n"], 8)
    y = (x[:, 0] * x[:, 1] > 0).float().unsqueeze(1)
    loader = DataLoader(TensorDataset(x, y), batch_size=CFG["batch_size"], shuffle=True)
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    best, bad_epochs = float("inf"), 0

    epochs = Bar(range(CFG["epochs"]), desc="epochs")
    for epoch in epochs:
        batches = Bar(loader, desc=f"train {epoch}", leave=False)
        for step, (xb, yb) in enumerate(batches):
            loss = nn.functional.binary_cross_entropy_with_logits(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            batches.set_postfix(loss=loss)
            if step + 1 >= CFG["limit_train_batches"]:
                break
        with torch.no_grad():
            val = nn.functional.binary_cross_entropy_with_logits(model(x), y).item()
        epochs.set_postfix(val=val)
        if val < best - 1e-3:
            best, bad_epochs = val, 0
        else:
            bad_epochs += 1
            if bad_epochs >= CFG["patience"]:
                break
    print(f"best val {best:.4f}, open bars: {len(Bar._instances)}")


if __name__ == "__main__":
    main()
