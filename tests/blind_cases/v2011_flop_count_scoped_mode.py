"""Validation with an operator/FLOP count gathered by a dispatch mode scoped to the batch loop."""
from collections import Counter

import torch
import torch.nn as nn
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils.data import DataLoader, TensorDataset

aten = torch.ops.aten
EVAL = {"epochs": 3, "max_val_batches": 2, "batch": 8, "dim": 12, "classes": 5}


class OpCounter(TorchDispatchMode):
    """Counts aten calls and matmul FLOPs issued while it is the active dispatch mode."""

    def __init__(self, model):
        super().__init__()
        self.model = model
        self.calls = Counter()
        self.flops = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        self.calls[func.overloadpacket.__name__] += 1
        if func is aten.addmm.default:
            m, k = args[1].shape
            self.flops += 2 * m * k * args[2].shape[1]
        return out

    def summary(self):
        return {"flops": self.flops, "params": sum(p.numel() for p in self.model.parameters())}


def counted(loader, counter):
    with counter:
        for batch in loader:
            yield batch
    counter.report = counter.summary()


def validate(model, loader, max_batches):
    counter = OpCounter(model)
    model.eval()
    correct = seen = 0
    with torch.no_grad():
        for step, (x, y) in enumerate(counted(loader, counter)):
            correct += int((model(x).argmax(-1) == y).sum())
            seen += len(y)
            if step + 1 >= max_batches:
                break
    return correct / seen, counter.flops


def main():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(64, EVAL["dim"], generator=g)
    y = torch.randint(0, EVAL["classes"], (64,), generator=g)
    train_dl = DataLoader(TensorDataset(x[:40], y[:40]), batch_size=EVAL["batch"], shuffle=True)
    val_dl = DataLoader(TensorDataset(x[40:], y[40:]), batch_size=EVAL["batch"])
    model = nn.Sequential(nn.Linear(EVAL["dim"], 32), nn.ReLU(), nn.Linear(32, EVAL["classes"]))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(EVAL["epochs"]):
        model.train()
        for xb, yb in train_dl:
            loss = nn.functional.cross_entropy(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        acc, flops = validate(model, val_dl, EVAL["max_val_batches"])
        print("epoch", epoch, "val acc", round(acc, 3), "forward flops", flops)


if __name__ == "__main__":
    main()
