"""Per-epoch op census: a tensor subclass records the op DAG of one forward pass."""
from collections import Counter, namedtuple

import torch
import torch.nn as nn

TapeEntry = namedtuple("TapeEntry", "op inputs output")
CFG = {"epochs": 3, "batches": 4, "lr": 1e-2}


class TraceTensor(torch.Tensor):
    tape = []

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        out = super().__torch_function__(func, types, args, kwargs or {})
        if isinstance(out, torch.Tensor) and not func.__name__.startswith("__get"):
            tensors = tuple(a for a in args if isinstance(a, torch.Tensor))
            cls.tape.append(TapeEntry(func.__name__, tensors, out))  # retain
        return out


def op_census(model, sample):
    TraceTensor.tape.clear()
    model(sample.as_subclass(TraceTensor))
    depth = {}
    for entry in TraceTensor.tape:
        parents = [depth[id(t)] for t in entry.inputs if id(t) in depth]
        depth[id(entry.output)] = 1 + max(parents, default=0)
    counts = Counter(e.op for e in TraceTensor.tape)
    return {"ops": dict(counts), "critical_path": max(depth.values(), default=0)}


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, padding=1)
        self.conv2 = nn.Conv2d(4, 8, 3, padding=1)
        self.fc = nn.Linear(8, 3)

    def forward(self, x):
        x = torch.relu(self.conv1(x))
        x = torch.relu(self.conv2(x)) + x.repeat(1, 2, 1, 1)
        return self.fc(x.mean((2, 3)))


def main():
    torch.manual_seed(0)
    model = ConvNet()
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        for _ in range(CFG["batches"]):
            x, y = torch.randn(8, 1, 6, 6), torch.randint(3, (8,))
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        census = op_census(model, x[:2])
        print(f"epoch {epoch}: loss {loss.item():.3f}, census {census}")


if __name__ == "__main__":
    main()
